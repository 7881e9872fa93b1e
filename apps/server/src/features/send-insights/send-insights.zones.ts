/**
 * A recipient's time zone from what a lead record holds (leads have no time zone column): an IANA
 * zone in its custom fields, a US/Canadian/Australian state or province, a well-known city, or a
 * country that lives in one zone. Countries spanning several zones without a region, unknown
 * countries and empty locations are not guessed: the caller falls back to the campaign's zone.
 */
import type { ZoneFallbackReason } from "@prospector/contracts";

export interface LeadLocation {
  country: string | null;
  city: string | null;
  /** custom_fields.timezone / time_zone / tz. */
  tz: string | null;
  /** custom_fields.state / province / region. */
  region: string | null;
}

export type ZoneAnswer =
  | { zone: string; source: "timezone_field" | "region" | "city" | "country" }
  | { zone: null; reason: Exclude<ZoneFallbackReason, "lead_deleted"> };

/** ISO 3166 country → its zone; countries marked "*" span several zones and need a region or city. */
const COUNTRY_ZONES = Object.fromEntries(
  (
    "AD:Europe/Andorra AE:Asia/Dubai AF:Asia/Kabul AG:America/Antigua AL:Europe/Tirane AM:Asia/Yerevan AO:Africa/Luanda " +
    "AR:America/Argentina/Buenos_Aires AT:Europe/Vienna AU:* AW:America/Aruba AZ:Asia/Baku BA:Europe/Sarajevo BB:America/Barbados " +
    "BD:Asia/Dhaka BE:Europe/Brussels BF:Africa/Ouagadougou BG:Europe/Sofia BH:Asia/Bahrain BI:Africa/Bujumbura BJ:Africa/Porto-Novo " +
    "BM:Atlantic/Bermuda BN:Asia/Brunei BO:America/La_Paz BR:America/Sao_Paulo BS:America/Nassau BT:Asia/Thimphu BW:Africa/Gaborone " +
    "BY:Europe/Minsk BZ:America/Belize CA:* CD:Africa/Kinshasa CF:Africa/Bangui CG:Africa/Brazzaville CH:Europe/Zurich " +
    "CI:Africa/Abidjan CL:America/Santiago CM:Africa/Douala CN:Asia/Shanghai CO:America/Bogota CR:America/Costa_Rica CU:America/Havana " +
    "CV:Atlantic/Cape_Verde CY:Asia/Nicosia CZ:Europe/Prague DE:Europe/Berlin DJ:Africa/Djibouti DK:Europe/Copenhagen " +
    "DM:America/Dominica DO:America/Santo_Domingo DZ:Africa/Algiers EC:America/Guayaquil EE:Europe/Tallinn EG:Africa/Cairo " +
    "ER:Africa/Asmara ES:Europe/Madrid ET:Africa/Addis_Ababa FI:Europe/Helsinki FJ:Pacific/Fiji FO:Atlantic/Faroe FR:Europe/Paris " +
    "GA:Africa/Libreville GB:Europe/London GD:America/Grenada GE:Asia/Tbilisi GH:Africa/Accra GI:Europe/Gibraltar GL:America/Nuuk " +
    "GM:Africa/Banjul GN:Africa/Conakry GQ:Africa/Malabo GR:Europe/Athens GT:America/Guatemala GU:Pacific/Guam GW:Africa/Bissau " +
    "GY:America/Guyana HK:Asia/Hong_Kong HN:America/Tegucigalpa HR:Europe/Zagreb HT:America/Port-au-Prince HU:Europe/Budapest " +
    "ID:Asia/Jakarta IE:Europe/Dublin IL:Asia/Jerusalem IM:Europe/Isle_of_Man IN:Asia/Kolkata IQ:Asia/Baghdad IR:Asia/Tehran " +
    "IS:Atlantic/Reykjavik IT:Europe/Rome JE:Europe/Jersey JM:America/Jamaica JO:Asia/Amman JP:Asia/Tokyo KE:Africa/Nairobi " +
    "KG:Asia/Bishkek KH:Asia/Phnom_Penh KN:America/St_Kitts KR:Asia/Seoul KW:Asia/Kuwait KY:America/Cayman KZ:Asia/Almaty " +
    "LA:Asia/Vientiane LB:Asia/Beirut LC:America/St_Lucia LI:Europe/Vaduz LK:Asia/Colombo LR:Africa/Monrovia LS:Africa/Maseru " +
    "LT:Europe/Vilnius LU:Europe/Luxembourg LV:Europe/Riga LY:Africa/Tripoli MA:Africa/Casablanca MC:Europe/Monaco " +
    "MD:Europe/Chisinau ME:Europe/Podgorica MG:Indian/Antananarivo MK:Europe/Skopje ML:Africa/Bamako MM:Asia/Yangon " +
    "MN:Asia/Ulaanbaatar MO:Asia/Macau MT:Europe/Malta MU:Indian/Mauritius MV:Indian/Maldives MW:Africa/Blantyre " +
    "MX:America/Mexico_City MY:Asia/Kuala_Lumpur MZ:Africa/Maputo NA:Africa/Windhoek NE:Africa/Niamey NG:Africa/Lagos " +
    "NI:America/Managua NL:Europe/Amsterdam NO:Europe/Oslo NP:Asia/Kathmandu NZ:Pacific/Auckland OM:Asia/Muscat PA:America/Panama " +
    "PE:America/Lima PG:Pacific/Port_Moresby PH:Asia/Manila PK:Asia/Karachi PL:Europe/Warsaw PR:America/Puerto_Rico PS:Asia/Hebron " +
    "PT:Europe/Lisbon PY:America/Asuncion QA:Asia/Qatar RO:Europe/Bucharest RS:Europe/Belgrade RU:* RW:Africa/Kigali " +
    "SA:Asia/Riyadh SC:Indian/Mahe SD:Africa/Khartoum SE:Europe/Stockholm SG:Asia/Singapore SI:Europe/Ljubljana SK:Europe/Bratislava " +
    "SL:Africa/Freetown SM:Europe/San_Marino SN:Africa/Dakar SO:Africa/Mogadishu SR:America/Paramaribo SS:Africa/Juba " +
    "SV:America/El_Salvador SY:Asia/Damascus SZ:Africa/Mbabane TG:Africa/Lome TH:Asia/Bangkok TJ:Asia/Dushanbe TM:Asia/Ashgabat " +
    "TN:Africa/Tunis TR:Europe/Istanbul TT:America/Port_of_Spain TW:Asia/Taipei TZ:Africa/Dar_es_Salaam UA:Europe/Kyiv " +
    "UG:Africa/Kampala US:* UY:America/Montevideo UZ:Asia/Tashkent VA:Europe/Vatican VE:America/Caracas VN:Asia/Ho_Chi_Minh " +
    "YE:Asia/Aden ZA:Africa/Johannesburg ZM:Africa/Lusaka ZW:Africa/Harare"
  )
    .split(" ")
    .map((p) => p.split(":") as [string, string]),
);

const zoneList = (zone: string, names: string) => names.split("|").map((n) => [n, zone] as const);

/** State / province codes and names → zone, per multi-zone country. */
const REGION_ZONES: Record<string, Map<string, string>> = {
  US: new Map([
    ...zoneList(
      "America/New_York",
      "ct|connecticut|de|delaware|dc|district of columbia|washington dc|fl|florida|ga|georgia|me|maine|md|maryland|ma|massachusetts|" +
        "nh|new hampshire|nj|new jersey|ny|new york|nc|north carolina|oh|ohio|pa|pennsylvania|ri|rhode island|sc|south carolina|" +
        "vt|vermont|va|virginia|wv|west virginia|ky|kentucky",
    ),
    ...zoneList("America/Detroit", "mi|michigan"),
    ...zoneList("America/Indiana/Indianapolis", "in|indiana"),
    ...zoneList(
      "America/Chicago",
      "al|alabama|ar|arkansas|il|illinois|ia|iowa|ks|kansas|la|louisiana|mn|minnesota|ms|mississippi|mo|missouri|ne|nebraska|" +
        "nd|north dakota|ok|oklahoma|sd|south dakota|tn|tennessee|tx|texas|wi|wisconsin",
    ),
    ...zoneList("America/Denver", "co|colorado|mt|montana|nm|new mexico|ut|utah|wy|wyoming"),
    ...zoneList("America/Boise", "id|idaho"),
    ...zoneList("America/Phoenix", "az|arizona"),
    ...zoneList("America/Los_Angeles", "ca|california|nv|nevada|or|oregon|wa|washington"),
    ...zoneList("America/Anchorage", "ak|alaska"),
    ...zoneList("Pacific/Honolulu", "hi|hawaii"),
    ...zoneList("America/Puerto_Rico", "pr|puerto rico"),
  ]),
  CA: new Map([
    ...zoneList("America/Vancouver", "bc|british columbia"),
    ...zoneList("America/Edmonton", "ab|alberta|nt|northwest territories"),
    ...zoneList("America/Regina", "sk|saskatchewan"),
    ...zoneList("America/Winnipeg", "mb|manitoba"),
    ...zoneList("America/Toronto", "on|ontario|qc|quebec|québec"),
    ...zoneList("America/Halifax", "ns|nova scotia|nb|new brunswick|pe|pei|prince edward island"),
    ...zoneList("America/St_Johns", "nl|newfoundland|newfoundland and labrador"),
    ...zoneList("America/Whitehorse", "yt|yukon"),
    ...zoneList("America/Iqaluit", "nu|nunavut"),
  ]),
  AU: new Map([
    ...zoneList("Australia/Sydney", "nsw|new south wales|act|australian capital territory"),
    ...zoneList("Australia/Melbourne", "vic|victoria"),
    ...zoneList("Australia/Brisbane", "qld|queensland"),
    ...zoneList("Australia/Adelaide", "sa|south australia"),
    ...zoneList("Australia/Perth", "wa|western australia"),
    ...zoneList("Australia/Hobart", "tas|tasmania"),
    ...zoneList("Australia/Darwin", "nt|northern territory"),
  ]),
  RU: new Map([
    ...zoneList("Europe/Moscow", "moscow|moskva|moscow oblast|saint petersburg|st petersburg|leningrad oblast|tatarstan"),
    ...zoneList("Asia/Yekaterinburg", "sverdlovsk oblast|chelyabinsk oblast"),
    ...zoneList("Asia/Novosibirsk", "novosibirsk oblast"),
  ]),
};

/** Big cities people write without a state; [country, zone]. Only unambiguous names. */
const CITY_ZONES = new Map<string, [string, string]>(
  (
    "new york|nyc|brooklyn|manhattan|boston|philadelphia|washington dc|atlanta|miami|charlotte|pittsburgh|raleigh|orlando|tampa=US:America/New_York;" +
    "detroit=US:America/Detroit;chicago|houston|dallas|austin|san antonio|minneapolis|st. louis|saint louis|nashville|new orleans|kansas city|milwaukee=US:America/Chicago;" +
    "denver|salt lake city|boulder=US:America/Denver;phoenix|scottsdale|tucson=US:America/Phoenix;" +
    "los angeles|san francisco|san diego|san jose|seattle|palo alto|mountain view|menlo park|oakland|sacramento|las vegas|sunnyvale|santa monica|bellevue=US:America/Los_Angeles;" +
    "honolulu=US:Pacific/Honolulu;anchorage=US:America/Anchorage;" +
    "toronto|ottawa|montreal|montréal|quebec city|waterloo|mississauga=CA:America/Toronto;vancouver|victoria bc=CA:America/Vancouver;" +
    "calgary|edmonton=CA:America/Edmonton;winnipeg=CA:America/Winnipeg;halifax=CA:America/Halifax;" +
    "sydney|canberra=AU:Australia/Sydney;melbourne=AU:Australia/Melbourne;brisbane|gold coast=AU:Australia/Brisbane;" +
    "perth=AU:Australia/Perth;adelaide=AU:Australia/Adelaide;hobart=AU:Australia/Hobart;darwin=AU:Australia/Darwin;" +
    "moscow|moskva|saint petersburg|st petersburg|kazan|nizhny novgorod=RU:Europe/Moscow;yekaterinburg=RU:Asia/Yekaterinburg;" +
    "novosibirsk=RU:Asia/Novosibirsk;vladivostok=RU:Asia/Vladivostok;" +
    "london|manchester|edinburgh|birmingham uk=GB:Europe/London;paris=FR:Europe/Paris;berlin|munich|münchen|hamburg|frankfurt=DE:Europe/Berlin;" +
    "madrid|barcelona=ES:Europe/Madrid;amsterdam|rotterdam=NL:Europe/Amsterdam;dublin=IE:Europe/Dublin;stockholm=SE:Europe/Stockholm;" +
    "zurich|zürich|geneva=CH:Europe/Zurich;singapore=SG:Asia/Singapore;tokyo=JP:Asia/Tokyo;bangalore|bengaluru|mumbai|delhi|new delhi|hyderabad|pune|chennai=IN:Asia/Kolkata;" +
    "tel aviv=IL:Asia/Jerusalem;dubai|abu dhabi=AE:Asia/Dubai;são paulo|sao paulo|rio de janeiro=BR:America/Sao_Paulo;mexico city|ciudad de méxico=MX:America/Mexico_City;" +
    "auckland|wellington=NZ:Pacific/Auckland;hong kong=HK:Asia/Hong_Kong;shanghai|beijing|shenzhen=CN:Asia/Shanghai;seoul=KR:Asia/Seoul;warsaw=PL:Europe/Warsaw;" +
    "lisbon=PT:Europe/Lisbon;milan|rome=IT:Europe/Rome;vienna=AT:Europe/Vienna;copenhagen=DK:Europe/Copenhagen;oslo=NO:Europe/Oslo;helsinki=FI:Europe/Helsinki;" +
    "lagos=NG:Africa/Lagos;nairobi=KE:Africa/Nairobi;cape town|johannesburg=ZA:Africa/Johannesburg;buenos aires=AR:America/Argentina/Buenos_Aires"
  )
    .split(";")
    .flatMap((group) => {
      const [names, target] = group.split("=") as [string, string];
      const [country, zone] = target.split(":") as [string, string];
      return names.split("|").map((n) => [n, [country, zone]] as const);
    }),
);

const ALIASES: Record<string, string> = {
  usa: "US",
  "u.s.": "US",
  "u.s.a.": "US",
  "united states of america": "US",
  america: "US",
  uk: "GB",
  "u.k.": "GB",
  "great britain": "GB",
  britain: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  deutschland: "DE",
  españa: "ES",
  espana: "ES",
  holland: "NL",
  "the netherlands": "NL",
  nederland: "NL",
  korea: "KR",
  "republic of korea": "KR",
  russia: "RU",
  "russian federation": "RU",
  "czech republic": "CZ",
  uae: "AE",
  "viet nam": "VN",
  türkiye: "TR",
  turkey: "TR",
  "ivory coast": "CI",
  brasil: "BR",
  méxico: "MX",
  schweiz: "CH",
  suisse: "CH",
  österreich: "AT",
  italia: "IT",
  belgique: "BE",
  belgië: "BE",
  sverige: "SE",
  norge: "NO",
  danmark: "DK",
  suomi: "FI",
  polska: "PL",
  "hong kong sar": "HK",
  "mainland china": "CN",
  "people's republic of china": "CN",
};

/** English country names (Intl knows them all) and aliases → ISO code. */
const COUNTRY_BY_NAME: Map<string, string> = (() => {
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  const map = new Map<string, string>(Object.entries(ALIASES));
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      // Only codes we place, first spelling wins (Intl also names retired codes: FX "France", UK).
      if (name && name !== code && code in COUNTRY_ZONES && !map.has(name.toLowerCase())) map.set(name.toLowerCase(), code);
    }
  }
  return map;
})();

const clean = (s: string | null | undefined) => (s ?? "").trim().toLowerCase().replace(/\s+/g, " ").replace(/^the /, "");

export function countryCode(country: string | null): string | null {
  const c = clean(country);
  if (!c) return null;
  if (/^[a-z]{2}$/.test(c)) {
    const code = c.toUpperCase();
    return code === "UK" ? "GB" : code in COUNTRY_ZONES ? code : null;
  }
  return COUNTRY_BY_NAME.get(c) ?? COUNTRY_BY_NAME.get(c.replace(/\./g, "")) ?? null;
}

export function isIanaZone(tz: string): boolean {
  if (!tz.includes("/") && tz !== "UTC") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** A region named in the region field or at the end of the city ("Austin, TX", "Sydney NSW 2000"). */
function regionZone(code: string, loc: LeadLocation): string | null {
  const regions = REGION_ZONES[code];
  if (!regions) return null;
  const candidates = [clean(loc.region)];
  const parts = clean(loc.city)
    .split(",")
    .map((p) => p.trim().replace(/\s*\d{3,}.*$/, ""))
    .filter(Boolean);
  if (parts.length > 1) candidates.push(...parts.slice(1));
  // "Sydney NSW": the last word of a single-part city.
  const words = parts[0]?.split(" ") ?? [];
  if (words.length > 1) candidates.push(words.at(-1)!);
  for (const c of candidates) {
    const zone = c ? regions.get(c) : undefined;
    if (zone) return zone;
  }
  return null;
}

function cityZone(loc: LeadLocation, code: string | null): string | null {
  const city = clean(loc.city).split(",")[0]?.trim() ?? "";
  const hit = city ? CITY_ZONES.get(city) : undefined;
  if (!hit) return null;
  // A city of another country than the one given is a namesake (Paris, Texas): not used.
  return code && hit[0] !== code ? null : hit[1];
}

/** The lead's time zone, or why it is not known from the lead's own data. */
export function inferZone(loc: LeadLocation): ZoneAnswer {
  const tz = loc.tz?.trim();
  if (tz && isIanaZone(tz)) return { zone: tz, source: "timezone_field" };
  const code = countryCode(loc.country);
  if (code) {
    const region = regionZone(code, loc);
    if (region) return { zone: region, source: "region" };
    const city = cityZone(loc, code);
    if (city) return { zone: city, source: "city" };
    const zone = COUNTRY_ZONES[code];
    if (zone && zone !== "*") return { zone, source: "country" };
    return { zone: null, reason: "country_spans_zones" };
  }
  const city = cityZone(loc, null);
  if (city) return { zone: city, source: "city" };
  if (clean(loc.country)) return { zone: null, reason: "unknown_country" };
  return { zone: null, reason: "no_location" };
}
