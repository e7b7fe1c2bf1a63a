// The dependency port (storage implements it) and the limits of the dependencies area (docs/dependencies.md).
import type { DependencyFeatures, DependencyScope } from '../kb/types.ts'
import type { FeatureTable } from './cargo-features.ts'

/** A dependency as a version declares it: the npm name and the specifier verbatim (`^1.2.0`, `npm:x@1`, a git URL…). */
export interface DeclaredDependency {
  name: string
  scope: DependencyScope
  requirement: string
  /** Cargo: how the dependent asks for it, when not the usual (default features, its own name, not optional). */
  features?: DependencyFeatures
  /** Maven: its place in the POM's declaration order (the reader lists a version's dependencies in that order). */
  position?: number
}

export interface DependencyReader {
  /**
   * The declared dependencies of these versions in the given scopes, each version's list in declaration order where
   * recorded (Maven's `position`), else in name order (then scope),
   * in one database round trip (per few thousand ids); versions without dependencies are absent.
   */
  ofVersions(
    versionIds: readonly number[],
    scopes: readonly DependencyScope[],
  ): Promise<Map<number, DeclaredDependency[]>>
  /**
   * The `[features]` tables (Cargo) of these versions, in one round trip; versions without one are absent. Absent: the
   * reader knows none (the walk takes each crate's default features as declared).
   */
  featuresOf?(versionIds: readonly number[]): Promise<Map<number, FeatureTable>>
  /**
   * The dependencyManagement versions (Maven, `group:artifact` → version) of these versions, in one round trip;
   * versions managing nothing are absent. Absent: the reader knows none (the walk manages nothing).
   */
  managedOf?(versionIds: readonly number[]): Promise<Map<number, ReadonlyMap<string, string>>>
}

/** The scopes a transitive walk follows: what `npm install --omit=dev` installs (peer dependencies are the host's). */
export const FOLLOWED_SCOPES: readonly DependencyScope[] = ['runtime', 'optional']

export const DEFAULT_DEPTH = 3
export const MAX_DEPTH = 10
export const DEFAULT_LIMIT = 1000
export const MAX_LIMIT = 5000
