// Examples for web.yaml in TSX.
// biome-ignore-all format: the examples keep the shapes the rules must tell apart (quotes, parentheses)
export function Comment({ body }: { body: string }) {
  // ruleid: semgrep.javascript.react-dangerous-html
  return <div dangerouslySetInnerHTML={{ __html: body }} />
}
export function Space() {
  // ok: semgrep.javascript.react-dangerous-html
  return <span dangerouslySetInnerHTML={{ __html: '&nbsp;' }} />
}
