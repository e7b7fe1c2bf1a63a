// Which Node.js compintel runs on: the floor of package.json's engines (test/node-version.test.ts keeps the two
// equal). bin/compintel.js asks before it loads anything else, so an older Node gets this message instead of a crash
// in a native module (Node 20 ended in a segmentation fault). Plain JavaScript of the oldest syntax any Node still
// met in the wild parses: no TypeScript, no dependencies.
export const NODE_FLOOR = '22.12.0'

/** What is wrong with running on Node `version` (e.g. '20.20.2'), or undefined when it is new enough. */
export function nodeVersionProblem(version, executable) {
  const floor = NODE_FLOOR.split('.').map(Number)
  const [major = 0, minor = 0] = String(version).split('.').map(Number)
  if (major > floor[0] || (major === floor[0] && minor >= floor[1])) return undefined
  return [
    `compintel needs Node.js ${floor[0]}.${floor[1]} or newer: an LTS release of Node 22 (22.12 or later), 24 or 26.`,
    `This is Node.js ${version}${executable ? ` (${executable})` : ''}.`,
    'Install Node.js 24 LTS (or 22 or 26) from the Node.js download page, your system packages, or a version manager',
    '(nvm install 24, fnm install 24, volta install node@24), then run `npm install` and this command again with it.',
    '',
  ].join('\n')
}
