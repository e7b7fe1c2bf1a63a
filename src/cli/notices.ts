// `compintel notices <lock file | requirements file | CycloneDX JSON> [--out FILE]`: one third-party notices file for a whole
// project, from the KB this configuration names (docs/attribution-notices.md). Versions the KB has not analyzed are
// listed without notices; `compintel ingest npm` (or the server's on-demand learning) fills them in.
import { readFileSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { createRuntime } from '../app/runtime.ts'
import type { Config } from '../config/config.ts'
import { componentNotices } from '../domain/notices/component-notices.ts'
import { noticesFile } from '../domain/notices/notices-file.ts'
import { PROJECT_FILE_NAMES, projectPurls } from '../domain/shared/project-components.ts'
import { NOTICES_USAGE } from './notices-usage.ts'
import { readProjectFileAt } from './project-file-input.ts'

export async function runNotices(config: Config, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { out: { type: 'string' } },
    allowPositionals: true,
  })
  const input = positionals[0]
  if (!input) {
    console.error(`usage: compintel ${NOTICES_USAGE}`)
    return 2
  }
  // a lock file or requirements file by its name (its runtime components), else a CycloneDX SBOM or npm lockfile
  const project = readProjectFileAt(input)
  const components = project
    ? project.components.filter((c) => !c.dev).map(({ purl, requirement }) => ({ purl, requirement }))
    : projectPurls(JSON.parse(readFileSync(input, 'utf8')))?.map((purl) => ({ purl }))
  if (!components) {
    console.error(
      `compintel notices: ${input} is neither a project file (${PROJECT_FILE_NAMES}) nor a CycloneDX JSON SBOM`,
    )
    return 2
  }
  const runtime = await createRuntime(config)
  try {
    const { services } = runtime
    const answers = []
    for (let i = 0; i < components.length; i += config.maxBatchSize)
      answers.push(...(await componentNotices(components.slice(i, i + config.maxBatchSize), services)))
    const text = noticesFile(answers, `Third-party notices of ${input} (${components.length} components)`)
    if (values.out) writeFileSync(values.out, text)
    else process.stdout.write(text)
    const known = answers.filter((a) => a.notices.length > 0).length
    console.error(
      `compintel notices: ${known} of ${components.length} components with notices${values.out ? ` in ${values.out}` : ''}`,
    )
    return 0
  } finally {
    await runtime.close()
  }
}
