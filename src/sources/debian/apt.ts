// Debian's archive through apt with compintel's own configuration (docs/debian.md "Reaching the archive"): a private
// folder holds the sources list, the downloaded indexes, the package cache and an empty dpkg status, so nothing of the
// system's apt state is read or changed and no root is needed. `update` fetches the Packages and Sources indexes of
// the suites (and their -updates and -security suites); `download` fetches binary packages (.deb), `downloadSources`
// source packages. A repository on this machine (file: URIs, as the tests' FIXTURE one) may be read unsigned with
// `trusted`; a network mirror never is.
import { execFile } from 'node:child_process'
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { userInfo } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { type DebLocation, fetchDebs } from './deb-fetch.ts'
import type { DebianMirrors } from './mirror.ts'

const run = promisify(execFile)
/** apt's helper for scripts (package apt): downloads URIs through apt's acquire system, without the package cache. */
export const APT_HELPER = '/usr/lib/apt/apt-helper'

/**
 * The Contents indexes as an index target of apt's (apt.conf(5) "Acquire::IndexTargets", declared as apt-file
 * declares it): `apt-get update` fetches each suite's `main/Contents-<arch>` and `Contents-all` with the Packages
 * indexes, kept compressed (apt-helper cat-file reads them: contents.ts).
 */
const CONTENTS_TARGET = {
  MetaKey: '$(COMPONENT)/Contents-$(ARCHITECTURE)',
  ShortDescription: 'Contents-$(ARCHITECTURE)',
  Description: '$(RELEASE)/$(COMPONENT) $(ARCHITECTURE) Contents (deb)',
  KeepCompressed: 'true',
  PDiffs: 'false',
}

export interface AptArchiveOptions {
  /** The private folder (created when missing). */
  dir: string
  /** Suites by codename: bookworm, trixie, … */
  suites: string[]
  mirrors: DebianMirrors
  arch?: string
  /**
   * The mirrors are a local repository on this machine (file: URIs) that apt reads without signatures
   * ([trusted=yes]): a test fixture or a repository built here. Refused for any other URI: a network mirror is always
   * verified against its keyring.
   */
  trusted?: boolean
}

export interface IndexFile {
  suite: string
  kind: 'Packages' | 'Sources'
  file: string
  /** The URI of the mirror it came from (its packages' Filename is under it). */
  mirror: string
}

export class AptArchive {
  readonly arch: string

  constructor(
    private readonly o: AptArchiveOptions,
    /** Ends the apt-get under way (killed, and reaped) and fails the call. */
    private readonly signal?: AbortSignal,
  ) {
    this.arch = o.arch ?? 'amd64'
    const { archive, security } = o.mirrors
    const remote = [archive, security].filter((uri) => uri && !uri.startsWith('file:'))
    if (o.trusted && remote.length > 0)
      throw new Error(`only a local file: repository is read without signatures, not ${remote.join(', ')}`)
  }

  /** This archive, its apt-get calls ended when `signal` aborts (one unit's view of a shared archive). */
  until(signal: AbortSignal | undefined): AptArchive {
    return signal ? new AptArchive(this.o, signal) : this
  }

  private get root() {
    return path.resolve(this.o.dir)
  }

  /** apt-get's options: every folder and file apt reads or writes is under the private folder. */
  private options(): string[] {
    const r = this.root
    const settings = {
      'Dir::Etc': path.join(r, 'etc'),
      'Dir::State': path.join(r, 'state'),
      'Dir::State::status': path.join(r, 'state', 'status'),
      'Dir::Cache': path.join(r, 'cache'),
      'APT::Architecture': this.arch,
      'APT::Architectures': this.arch,
      'APT::Sandbox::User': userInfo().username,
      'Acquire::Languages': 'none',
      'Acquire::GzipIndexes': 'false',
      'Debug::NoLocking': '1',
      ...Object.fromEntries(
        Object.entries(CONTENTS_TARGET).map(([k, v]) => [`Acquire::IndexTargets::deb::Contents-deb::${k}`, v]),
      ),
    }
    return [...Object.entries(settings).flatMap(([k, v]) => ['-o', `${k}=${v}`]), '-qq']
  }

  /** Writes the sources list and fetches the suites' Packages and Sources indexes. */
  async update(): Promise<void> {
    const r = this.root
    for (const d of [
      'etc/apt.conf.d',
      'etc/preferences.d',
      'etc/sources.list.d',
      'state/lists/partial',
      'cache/archives/partial',
    ])
      mkdirSync(path.join(r, d), { recursive: true })
    writeFileSync(path.join(r, 'state', 'status'), '')
    const list = path.join(r, 'etc', 'sources.list')
    writeFileSync(list, this.sourcesList())
    await this.apt(['update']).catch(async (err: unknown) => {
      // a Contents index that fails (a mirror mid-sync serves it at the wrong size) must not stop Debian's own
      // packages from being read: apt keeps none of that suite's new indexes then, so the update runs again with the
      // Contents target turned off for the suites whose Contents failed, and for them alone. (Turning the target off
      // for every suite would lose the other suites' Contents: apt deletes the lists no target names.) Their
      // repackaged crates are then read from the Packages index (debcargo.ts) until a fetch gets their Contents.
      const failed = err instanceof AptFailed ? failedContents(err.stderr) : undefined
      if (!failed) throw err
      writeFileSync(list, this.sourcesList(new Set(failed)))
      await this.apt(['update'])
    })
  }

  /** The sources list: each suite with its -updates and -security suites, the Contents target off for `noContents`. */
  private sourcesList(noContents: ReadonlySet<string> = new Set()): string {
    const { archive, security, keyring } = this.o.mirrors
    const opts = this.o.trusted ? ['trusted=yes'] : keyring ? [`signed-by=${keyring}`] : []
    const bracket = (o: string[]) => (o.length > 0 ? ` [${o.join(' ')}]` : '')
    const lines: string[] = []
    for (const suite of this.o.suites) {
      const entries: [string, string][] = [
        [archive, suite],
        [archive, `${suite}-updates`],
      ]
      if (security) entries.push([security, `${suite}-security`])
      for (const [uri, dist] of entries) {
        // apt's option named after the target's identifier turns it off for this entry alone (sources.list(5))
        const deb = noContents.has(dist) ? [...opts, 'Contents-deb=no'] : opts
        lines.push(`deb${bracket(deb)} ${uri} ${dist} main`, `deb-src${bracket(opts)} ${uri} ${dist} main`)
      }
    }
    return `${lines.join('\n')}\n`
  }

  /** The downloaded indexes, by suite (a suite's -updates and -security indexes count as the suite's). */
  indexes(): IndexFile[] {
    const lists = path.join(this.root, 'state', 'lists')
    const { archive, security } = this.o.mirrors
    return readdirSync(lists).flatMap((f) => {
      const m = /_dists_([a-z]+)(-updates|-security)?_main_(?:binary-([a-z0-9]+)_Packages|source_Sources)$/.exec(f)
      if (!m || (m[3] && m[3] !== this.arch)) return []
      const kind = m[3] ? 'Packages' : 'Sources'
      const mirror = m[2] === '-security' ? security : archive
      return [{ suite: m[1] as string, kind, file: path.join(lists, f), mirror } as IndexFile]
    })
  }

  /** The downloaded Contents indexes (this architecture's and `all`'s) of every suite. */
  contentsFiles(): string[] {
    const lists = path.join(this.root, 'state', 'lists')
    const archs = new Set([this.arch, 'all'])
    return readdirSync(lists)
      .filter((f) => {
        const m = /_dists_[a-z]+(?:-updates|-security)?_main_Contents-([a-z0-9]+)(?:\.[a-z0-9]+)?$/.exec(f)
        return m !== null && archs.has(m[1] as string)
      })
      .map((f) => path.join(lists, f))
  }

  /**
   * The suites' Release files (their `Date:` dates the indexes), by suite as `indexes()` names them: InRelease, or
   * Release where a repository is unsigned.
   */
  releaseFiles(): { suite: string; file: string }[] {
    const lists = path.join(this.root, 'state', 'lists')
    return readdirSync(lists).flatMap((f) => {
      const m = /_dists_([a-z]+)(?:-updates|-security)?_(?:In)?Release$/.exec(f)
      return m ? [{ suite: m[1] as string, file: path.join(lists, f) }] : []
    })
  }

  /** Downloads `name=version` binary packages into `into`; the .deb files it wrote, by `name=version` (a package
   * that cannot be downloaded is absent). */
  async download(wanted: readonly string[], into: string): Promise<Map<string, string>> {
    mkdirSync(into, { recursive: true })
    const before = new Set(readdirSync(into))
    // apt-get fails the whole call when one package cannot be had: then each is asked alone, and the ones that
    // cannot be had are left out of the answer (the caller reads what it got)
    if (wanted.length > 0)
      await this.apt(['download', ...wanted], into).catch(async () => {
        this.signal?.throwIfAborted()
        for (const w of wanted) await this.apt(['download', w], into).catch(() => this.signal?.throwIfAborted())
      })
    const out = new Map<string, string>()
    for (const f of readdirSync(into)) {
      const m = /^(.+?)_(.+?)_[^_]+\.deb$/.exec(f)
      if (!m || before.has(f)) continue
      out.set(`${m[1]}=${decodeURIComponent(m[2] as string)}`, path.join(into, f))
    }
    return out
  }

  /**
   * Downloads these versions' .deb files into `into`, from their mirrors (deb-fetch.ts) or, for what cannot be had
   * that way, with apt-get; the files written, by `name=version`.
   */
  async downloadDebs(wanted: readonly DebLocation[], into: string): Promise<Map<string, string>> {
    mkdirSync(into, { recursive: true })
    const fetched = await fetchDebs(wanted, into, (args) => this.exec(APT_HELPER, args, into))
    const rest = wanted.map((w) => `${w.name}=${w.version}`).filter((k) => !fetched.has(k))
    return new Map([...fetched, ...(await this.download(rest, into))])
  }

  /**
   * Downloads the files of `source=version` source packages (`apt-get source --download-only`: the .dsc, the
   * upstream and Debian tarballs, each checked against the Sources index) into `into`. What cannot be had is left
   * out: the caller looks for the files it needs (source-tree.ts upstreamTarball).
   */
  async downloadSources(wanted: readonly string[], into: string): Promise<void> {
    mkdirSync(into, { recursive: true })
    if (wanted.length > 0)
      await this.apt(['source', '--download-only', ...wanted], into).catch(async () => {
        this.signal?.throwIfAborted()
        for (const w of wanted)
          await this.apt(['source', '--download-only', w], into).catch(() => this.signal?.throwIfAborted())
      })
  }

  private apt(args: string[], cwd?: string): Promise<void> {
    return this.exec('apt-get', args, cwd)
  }

  private async exec(command: string, args: string[], cwd?: string): Promise<void> {
    try {
      await run(command, [...this.options(), ...args], {
        cwd: cwd ?? this.root,
        env: { ...process.env, LC_ALL: 'C' },
        maxBuffer: 16 * 1024 * 1024,
        ...(this.signal ? { signal: this.signal } : {}),
      })
    } catch (err) {
      this.signal?.throwIfAborted()
      const e = err as { stderr?: string; message: string }
      throw new AptFailed(
        `${path.basename(command)} ${args[0]} failed: ${(e.stderr || e.message).trim().split('\n').slice(-3).join(' ')}`,
        e.stderr ?? '',
      )
    }
  }
}

/** An apt command that failed, with what it said on stderr. */
class AptFailed extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message)
  }
}

/**
 * The suites (dists: trixie, trixie-updates, …) whose Contents indexes `apt-get update` failed to fetch (its
 * `E: Failed to fetch` lines), when those are all that failed; undefined when anything else failed too.
 */
export function failedContents(stderr: string): string[] | undefined {
  const errors = stderr.split('\n').filter((l) => l.startsWith('E: '))
  const failed = errors.filter((l) => l.startsWith('E: Failed to fetch '))
  const others = errors.filter((l) => !l.startsWith('E: Failed to fetch ') && !/^E: Some index files failed/.test(l))
  if (failed.length === 0 || others.length > 0) return undefined
  const dists = new Set<string>()
  for (const l of failed) {
    const m = /\/dists\/([^/ ]+)\/main\/Contents-[a-z0-9]+(?:\.[a-z0-9]+)?\s/.exec(`${l.slice(19)} `)
    if (!m) return undefined
    dists.add(m[1] as string)
  }
  return [...dists]
}
