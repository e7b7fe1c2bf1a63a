// Test helper for the explorer's browser suites: Debian's `chromium` package (found on PATH) driven by playwright-core,
// headless and offline, and the reason a suite is skipped where it is not installed.
import { execFileSync } from 'node:child_process'

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
]

function chromiumPath(): string | undefined {
  try {
    return execFileSync('bash', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim() || undefined
  } catch {
    return undefined
  }
}

export const executablePath = chromiumPath()
/** For `describe(…, { skip })`: false where chromium is installed. */
export const chromiumSkip: false | string = executablePath
  ? false
  : "Debian's chromium package is not installed here (apt-get install chromium)"
