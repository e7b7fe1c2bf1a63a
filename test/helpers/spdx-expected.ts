// What a license on the SPDX License List looks like in a licenses answer ({id, full_name, is_spdx_approved, url}).
export const spdxLicense = (id: string, fullName: string) => ({
  id,
  full_name: fullName,
  is_spdx_approved: true,
  url: `https://spdx.org/licenses/${id}.html`,
})
