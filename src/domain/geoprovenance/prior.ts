// Prior for origin inference: how many software developers each country has, so that a UTC offset shared by
// several countries leans towards the countries where developers actually are.
//
// Source: GitHub Innovation Graph, data/developers.csv, quarter 2024 Q3 (July-September 2024), CC0-1.0,
// https://github.com/github/innovationgraph/blob/05da267612db079a0e290e60e4fcda7a7be28ff0/data/developers.csv
// (methodology: https://innovationgraph.github.com/methodology). A developer is a GitHub account with public
// activity in the quarter, placed in the economy of its IP address (mode of daily samples). The "EU" aggregate row
// and XK (Kosovo, not an ISO 3166-1 code, and in no time-zone table) are left out; nothing else is changed.
// Caveats, documented in docs/geoprovenance-origin.md: GitHub users only, IP-based (VPNs and proxies move people,
// which likely inflates HK), and economies are only reported with 100 developers or more.

/** `code count` pairs, copied from the source rows for 2024 Q3 in the source's order (largest first). */
const DEVELOPERS_2024_Q3 = `
US 23845773  IN 17114921  CN 9960503  BR 5483694  GB 4080458  RU 3664948  ID 3602191  DE 3594869
JP 3547125  CA 2946022  FR 2837148  KR 2253387  HK 2212019  MX 1931434  VN 1931120  ES 1882940
TR 1791160  PH 1753811  AU 1719948  PK 1476999  PL 1458937  NL 1433577  IT 1371508  UA 1349094
SG 1311862  TW 1271075  BD 1247382  AR 1130022  NG 1120266  CO 1095581  TH 1048091  EG 994433
MY 775713  SE 752930  IR 686606  ZA 665394  IL 654843  SA 596230  PE 584288  RO 565410
MA 560210  CL 545560  CH 540768  BE 536055  PT 500309  CZ 411778  AT 406297  DK 400769
AE 397298  KE 395210  NO 368192  FI 364222  LK 362247  IE 356095  DZ 346777  HU 345326
BY 333334  NZ 331038  NP 304290  GR 288763  TN 283326  KZ 279835  EC 263112  BG 259725
RS 248951  IQ 245565  VE 224877  UZ 222625  GH 193179  CR 161699  LT 158130  SK 147801
MM 146205  HR 144157  JO 143730  GE 140644  ET 137035  BO 137013  DO 132498  GT 127520
KH 125185  AZ 120797  LV 115893  UY 112462  LB 111040  AM 104855  EE 104593  MD 90299
SV 88333  SI 85725  UG 77988  PS 77821  KG 77040  CM 75936  BA 74838  AL 73563
YE 72767  KW 72179  QA 66102  TZ 65542  HN 63561  MK 61937  PA 61514  CI 61348
CY 58796  PY 56626  MN 55960  OM 54569  PR 52208  SN 51413  SY 46210  ZW 46049
RW 45978  LU 44152  MG 43703  NI 42781  CU 41129  JM 39040  BH 38462  LY 38022
SO 37522  AO 37430  BJ 35779  SD 32824  IS 32737  ZM 32704  AF 32356  MU 32198
MT 31172  CD 29397  TT 28982  MO 25484  MZ 23664  LA 23246  ME 21942  TG 21836
MW 18621  RE 16506  BW 16207  BF 16009  HT 14803  MV 14763  TJ 13891  NA 13064
BN 12070  ML 11268  BT 9024  PG 8694  SL 8526  BS 8046  MR 8013  SC 7984
TM 7807  BB 7720  GN 7236  GA 7234  CG 6913  FJ 6587  GY 6564  LR 6534
BZ 6399  GP 5941  CV 5837  SR 5672  LS 5514  BI 5273  GM 5178  NE 4896
MQ 4807  GU 4579  SZ 4334  AD 4291  IM 4138  PF 4020  NC 3889  JE 3634
CW 3438  SS 3083  DJ 3041  KY 2999  LC 2960  AW 2652  TD 2558  GF 2470
BM 2382  VI 2117  GD 2073  MC 2069  GI 1906  LI 1901  GG 1873  TL 1848
FO 1845  ER 1754  AG 1753  VC 1402  AX 1304  GL 1222  DM 1222  GQ 1170
KN 1110  YT 1086  MP 978  SM 917  SX 855  TC 810  SB 783  VU 765
VG 683  KM 594  GW 593  WS 586  AS 564  BQ 493  AI 487  TO 447
CF 443  ST 394  FM 335  PW 291  MF 279  MH 212  VA 195  KI 190
PM 173  CK 157
`

/**
 * Weight for a country absent from the table: the source only reports economies with at least 100 developers, so
 * an unlisted country has fewer than that. It stays possible, about 240,000 times less likely than the US.
 */
export const FLOOR_DEVELOPERS = 100

function parseTable(text: string): ReadonlyMap<string, number> {
  const table = new Map<string, number>()
  const tokens = text.trim().split(/\s+/)
  for (let i = 0; i + 1 < tokens.length; i += 2) table.set(tokens[i] ?? '', Number(tokens[i + 1]))
  return table
}

const developers = parseTable(DEVELOPERS_2024_Q3)

/** Developers in a country (ISO 3166-1 alpha-2, upper case) in 2024 Q3, or the floor when the source has no row. */
export function developerPrior(country: string): number {
  return developers.get(country) ?? FLOOR_DEVELOPERS
}

/** The countries the source lists, for tests and documentation. */
export function priorCountries(): string[] {
  return [...developers.keys()]
}
