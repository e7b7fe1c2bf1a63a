// Minimal typings for validate-npm-package-name, which ships none: only what domain/kb/ecosystem-rules.ts uses.
declare module 'validate-npm-package-name' {
  export default function validate(name: string): {
    validForNewPackages: boolean
    validForOldPackages: boolean
    errors?: string[]
    warnings?: string[]
  }
}
