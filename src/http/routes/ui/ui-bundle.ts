// The explorer's assets (docs/explorer.md): src/ui/app bundled by esbuild (a runtime dependency already) in memory,
// once per process on the first /ui request, so `npm install && npm start` is the whole build. Each file is served
// under a name carrying its content hash (immutable), and the page loads nothing from elsewhere: no CDN, no remote
// font; the bundle holds Preact and the page code, the charts are separate chunks loaded by the pages that draw them.
import { createHash } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

export interface UiAsset {
  body: Buffer
  type: string
  etag: string
}

export interface UiBundle {
  /** By file name (`main-<hash>.js`), as served under /ui/assets/. */
  assets: Map<string, UiAsset>
  /** The page every /ui path answers with. */
  html: UiAsset
}

const APP = fileURLToPath(new URL('../../../ui/app/', import.meta.url))
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
}

let built: Promise<UiBundle> | undefined

/** The bundle, built on the first call; a failed build is tried again on the next call. */
export function uiBundle(): Promise<UiBundle> {
  built ??= buildBundle().catch((err) => {
    built = undefined
    throw err
  })
  return built
}

async function buildBundle(): Promise<UiBundle> {
  const out = await build({
    entryPoints: { main: path.join(APP, 'main.tsx') },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    outdir: '/assets',
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    legalComments: 'linked',
    logLevel: 'silent',
    metafile: true,
  })
  const assets = new Map<string, UiAsset>()
  for (const f of out.outputFiles) {
    const name = path.basename(f.path)
    assets.set(name, asset(Buffer.from(f.contents), TYPES[path.extname(name)] ?? 'application/octet-stream'))
  }
  const entry = (ext: string) => [...assets.keys()].find((n) => n.startsWith('main-') && n.endsWith(ext))
  const js = entry('.js')
  const css = entry('.css')
  if (!js) throw new Error('the explorer bundle has no main script')
  return { assets, html: asset(Buffer.from(page(js, css)), 'text/html; charset=utf-8') }
}

function asset(body: Buffer, type: string): UiAsset {
  return { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` }
}

function page(js: string, css: string | undefined): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>compintel explorer</title>
<link rel="icon" href="data:,">
${css ? `<link rel="stylesheet" href="/ui/assets/${css}">` : ''}
<script type="module" src="/ui/assets/${js}"></script>
</head>
<body>
<noscript>The compintel explorer needs JavaScript; the API is at /v2 (see /docs).</noscript>
<div id="app"></div>
</body>
</html>
`
}
