// Hand tables for location curation (gazetteer.ts): aliases the libraries lack, sub-national regions with their
// postal abbreviations, city names in other spellings and scripts, and the words that name no place. Tables are
// written as text, one country per line ("CODE: name; name"), so they stay compact and easy to review; keys are
// normalised by placeKey() in gazetteer-index.ts exactly as user text is.

/** "CODE: a; b" lines (or "a=CODE; b=CODE" entries) into [name, code] pairs. */
function table(text: string): [string, string][] {
  const out: [string, string][] = []
  for (const line of text.split('\n')) {
    const m = /^\s*([A-Z]{2}):(.*)$/.exec(line)
    for (const entry of (m ? m[2] : line)?.split(';') ?? []) {
      const [name = '', code = m?.[1] ?? ''] = entry.split('=').map((s) => s.trim())
      if (name) out.push([name, code])
    }
  }
  return out
}

/** "a; b; c" into a list. */
function list(text: string): string[] {
  return text
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter(Boolean)
}

/** US states and DC with their USPS abbreviations. */
export const US_STATES = table(`
  Alabama=AL; Alaska=AK; Arizona=AZ; Arkansas=AR; California=CA; Colorado=CO; Connecticut=CT; Delaware=DE
  Florida=FL; Georgia=GA; Hawaii=HI; Idaho=ID; Illinois=IL; Indiana=IN; Iowa=IA; Kansas=KS; Kentucky=KY
  Louisiana=LA; Maine=ME; Maryland=MD; Massachusetts=MA; Michigan=MI; Minnesota=MN; Mississippi=MS; Missouri=MO
  Montana=MT; Nebraska=NE; Nevada=NV; New Hampshire=NH; New Jersey=NJ; New Mexico=NM; New York=NY
  North Carolina=NC; North Dakota=ND; Ohio=OH; Oklahoma=OK; Oregon=OR; Pennsylvania=PA; Rhode Island=RI
  South Carolina=SC; South Dakota=SD; Tennessee=TN; Texas=TX; Utah=UT; Vermont=VT; Virginia=VA; Washington=WA
  West Virginia=WV; Wisconsin=WI; Wyoming=WY; District of Columbia=DC`)

/** Canadian provinces and territories with their Canada Post abbreviations. */
export const CA_PROVINCES = table(`
  Alberta=AB; British Columbia=BC; Manitoba=MB; New Brunswick=NB; Newfoundland and Labrador=NL; Nova Scotia=NS
  Ontario=ON; Prince Edward Island=PE; Quebec=QC; Saskatchewan=SK; Northwest Territories=NT; Nunavut=NU; Yukon=YT`)

/** Australian states and territories with their abbreviations. */
export const AU_STATES = table(`
  New South Wales=NSW; Victoria=VIC; Queensland=QLD; Western Australia=WA; South Australia=SA; Tasmania=TAS
  Australian Capital Territory=ACT; Northern Territory=NT`)

/** Brazilian state abbreviations ("São Paulo - SP"); the full names come from city-timezones' provinces. */
export const BR_STATE_CODES = list(`AC; AL; AP; AM; BA; CE; DF; ES; GO; MA; MT; MS; MG; PA; PB; PR; PE; PI; RJ; RN
  RS; RO; RR; SC; SP; SE; TO`)

/** Mexican state abbreviations as written after a city ("Monterrey, NL", "Tijuana, BC"). */
export const MX_STATE_CODES = list(`AGS; BC; BCS; CAMP; CHIS; CHIH; COAH; COL; DGO; GTO; GRO; HGO; JAL; MEX; EDOMEX
  MICH; MOR; NAY; NL; OAX; PUE; QRO; QROO; SLP; SIN; SON; TAB; TAMPS; TLAX; VER; YUC; ZAC; CDMX`)

/** Other names of whole countries that i18n-iso-countries does not list in the locales used. */
export const COUNTRY_ALIASES = table(`
  US: U.S.; United States of America; Estados Unidos; EEUU; États-Unis; США; 美国; アメリカ; 미국
  GB: Britain; England; Scotland; Wales; Northern Ireland; U.K.; GBR
  NL: Holland; The Netherlands
  KR: Korea; 한국; Republic of Korea
  RU: Russia; Россия; РФ
  CZ: Czech Republic; Česká republika; Czechia
  AE: UAE; Emirates
  CN: PRC; Mainland China; 中國
  TW: 台灣; 臺灣
  IN: Bharat
  JP: Nippon
  DE: Deutschland; BRD
  BR: Brasil
  VN: Viet Nam
  HK: Hong Kong SAR
  Ivory Coast=CI; KSA=SA; Turkiye=TR; Burma=MM; Macedonia=MK; Swaziland=SZ; Cape Verde=CV; East Timor=TL
  Vatican=VA; Palestine=PS; Bosnia=BA; RSA=ZA; Macao=MO`)

/** Metro nicknames and areas that name no single city in the data but only one country. */
export const METRO_ALIASES = table(`
  US: NYC; New York City; SF; SF Bay Area; Bay Area; San Francisco Bay Area; Silicon Valley; East Bay; South Bay
  US: LA; SoCal; NorCal; DC; Washington DC; PNW; Pacific Northwest; Research Triangle; Twin Cities; DFW; ATX
  US: Philly; Big Apple; Tri-State Area; New England; Midwest
  CA: Greater Toronto Area; GTA; Lower Mainland
  Randstad=NL; Ruhrgebiet=DE; Ruhr Area=DE; CDMX=MX; Grande Lisboa=PT`)

/** Region names the province field of city-timezones lacks or spells in another language. */
export const REGION_ALIASES = table(`
  DE: Bavaria; North Rhine-Westphalia; Baden-Wuerttemberg; Lower Saxony
  ES: Catalonia; Catalunya; Andalusia; Basque Country; Galicia
  IT: Tuscany; Lombardy; Sicily; Sardinia
  FR: Brittany; Normandy; Provence
  BE: Flanders; Wallonia
  US: Hawaii; Alaska
  JP: Okinawa; Hokkaido
  Telangana=IN; Siberia=RU; Patagonia=AR; Tyrol=AT; Transylvania=RO; Kurdistan=IQ`)

/** Other spellings and scripts of cities, and well-known towns the data lacks; each names one country. */
export const CITY_ALIASES = table(`
  IN: Bangalore; Bombay; Madras; Calcutta; Gurgaon; Gurugram; Noida; मुंबई; दिल्ली; नई दिल्ली; बेंगलुरु; पुणे
  CN: Peking; Canton; 北京; 上海; 深圳; 广州; 廣州; 杭州; 成都; 南京; 武汉; 西安; 苏州; 天津; 重庆
  UA: Kiev; Kharkov; Lviv; Odesa; Київ; Киев; Харків; Львів
  DE: München; Muenchen; Köln; Cologne; Nürnberg; Nuremberg; Hannover; Frankfurt am Main
  RU: Moskva; Saint Petersburg; Sankt Petersburg; St Petersburg; SPb; Москва; Санкт-Петербург; Питер
  RU: Новосибирск; Екатеринбург; Казань
  IT: Roma; Milano; Napoli; Firenze; Torino; Venezia
  NL: Den Haag; The Hague
  CH: Genève; Geneva
  BE: Bruxelles; Brussel
  MX: Ciudad de México
  CA: Montréal; Waterloo
  US: Mountain View; Palo Alto; Cupertino; Menlo Park; Sunnyvale; Redmond; Bellevue; Kirkland; Brooklyn
  US: Manhattan; Queens; Hoboken; Stanford
  JP: 东京; 東京; 大阪; 京都; 横浜; 名古屋; 福岡; 札幌
  TW: 台北; 臺北; 新竹
  IL: Tel Aviv; תל אביב; ירושלים; חיפה
  EG: القاهرة; الإسكندرية
  SA: الرياض; جدة
  IR: تهران; مشهد
  GR: Αθήνα; Θεσσαλονίκη
  TH: กรุงเทพ; กรุงเทพมหานคร
  KR: 서울; 부산
  BY: Минск; Мінск
  Saigon=VN; HCMC=VN; Wien=AT; Praha=CZ; Warszawa=PL; Lisboa=PT; Gothenburg=SE; København=DK; Penang=MY
  香港=HK; دبي=AE; Алматы=KZ; Ташкент=UZ; ঢাকা=BD`)

/**
 * Strings that name no country: the world, the net, the sky, continents and trade regions. A part equal to one
 * of these contributes nothing, and no word inside it is looked up.
 */
export const NOT_PLACES = list(`
  Earth; Planet Earth; World; Worldwide; The World; Everywhere; Anywhere; Nowhere; Somewhere; Remote; Home
  Internet; The Internet; Online; Cloud; The Cloud; Cyberspace; Localhost; Global; Universe; Milky Way
  Solar System; Moon; The Moon; Mars; Space; Europe; Asia; Africa; North America; South America; Latin America
  Central America; Americas; Oceania; Antarctica; EU; EMEA; APAC; LATAM; Scandinavia; Nordics; Balkans
  Middle East; Caribbean; Middle Earth; Terra; Erde; Земля; 地球`)

/** City names in city-timezones that are more often ordinary words or given names than the place. */
export const CITY_STOPWORDS = list(`
  Alert; Alice; Bend; Buy; Clare; Craig; David; Eagle; Elk; Gay; Guide; Homer; Lead; Leo; Levin; Logan; Man
  Mango; Mary; Moss; Nord; Plast; Price; Rodeo; Same; Sale; Scone; Turbo; Van; Vera; Young; Hope; Best
  Reading; Mobile; Deal; Orange; Colon; Of; Hell; Paradise; Batman; Emerald`)

/** Country names in other languages that are English words or acronyms (German "Island" is Iceland). */
export const FOREIGN_NAME_STOPWORDS = list('Island; Columbia; MENA; Cada; Grenade; Maurice; Salvador')

/**
 * Lower-case words that may stand beside a place inside a part ("Working remotely from Spain", "Freiburg im
 * Breisgau"). A place found inside a part counts only when every other word is capitalised or one of these, so
 * "Nice place" and "Split personality" name nothing.
 */
export const IN_TEXT_CONNECTORS = list(`in; im; am; an; at; from; near; around; to; of; the; upon; on; de; del; la; le
  da; do; di; du; sur; en; and; currently; now; based; living; live; lives; working; work; remotely; remote
  mostly; somewhere; city; area; region; metro; greater`)

/** Words around a place that say nothing about it ("Based in Berlin", "Greater Boston Area"). */
export const LEADING_FILLERS = list(`
  based in; based out of; living in; lives in; live in; located in; currently in; currently; now in; now
  in; at; near; around; greater; the; city of; somewhere in; working from; remote from; remote in; remote`)
/** Words that say a place is where someone comes from, not where they are ("Originally from Lagos"). */
export const ORIGIN_MARKERS = list('originally from; born and raised in; born in; raised in; from')
export const TRAILING_FILLERS = list('metropolitan area; metro area; area; metro; region; city; based; remote')

/** Words of city-timezones province names that say only where in a country ("Central", "North-West"). */
export const GENERIC_REGION_WORDS = list(`north; south; east; west; northern; southern; eastern; western
  central; upper; lower; capital; federal; district; distrito; nacional; territory; region; city; of; the`)
