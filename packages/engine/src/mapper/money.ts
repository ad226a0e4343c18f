/**
 * Money as people write it: which separator is the decimal one, and which currency an amount is
 * in. Plain rules over regular expressions, restated step for step by toJsonata
 * (jsonata-helpers.ts `num`, `currency`) and toTypeScript (ts-helpers.ts), so every backend
 * reads an amount the same way.
 *
 * The decimal separator, per value (after currency marks and spaces are removed):
 *   - both `.` and `,` present: the one written last is the decimal separator ("1.200,50", "1,200.50");
 *   - only commas: one comma followed by one or two digits at the end is a decimal comma
 *     ("799,41", "12,5"); any other comma is a thousands separator — so "1,234" (three digits)
 *     is ambiguous and read as 1234, unless the column is known to write decimal commas
 *     (`decimalComma`, set when the proposal sees them in the column), where it is 1.234;
 *   - only dots: one dot is a decimal point, except in a decimal-comma column when three digits
 *     follow it ("1.234" = 1234 there); several dots are thousands separators.
 * A dot read as a thousands separator must be followed by exactly three digits ("1.2.3" is no
 * number); commas as thousands separators are taken as before (not checked for groups of three).
 */

/**
 * Currency symbols removed before an amount is read: `$ ¢ £ ¤ ¥`, the Unicode Currency Symbols
 * block U+20A0–U+20C0 (€ ₹ ₽ ₺ ₴ ₦ …) and the symbols of other blocks that CLDR gives as a
 * currency's narrow symbol (֏ AMD, ؋ AFN, ৳ BDT, ฿ THB, ៛ KHR).
 */
export const SYMBOL_CHARS = '$¢£¤¥֏؋৳฿៛\\u20a0-\\u20c0';

/**
 * An ISO 4217 code at either end ("USD 1,234.50", "-USD 5", "99.00 EUR", "(12.00 USD)"), or
 * letters that open a symbol ("US$", "CA$", "CN¥"): removed before the amount is read. Upper
 * case only, so words are not taken for codes.
 */
// '(' written \x28 inside [ ]: JSONata's lexer counts parentheses to find the end of a regex
export const CURRENCY_CODE =
  /(?<=^[-\x28]?)[A-Z]{3}\s*|\s*[A-Z]{3}(?=\)?$)|(?<=^[-\x28]?)[A-Z]{1,2}(?=[$¥])/g;

/** What is left must be a plain decimal (no exponent, no leading '+', digits on both sides of '.'). */
export const NUMBER_SHAPE = /^-?\d+(\.\d+)?$/;

const ONE_COMMA = /^[^,]*,[^,]*$/;
const ONE_DOT = /^[^.]*\.[^.]*$/;
const COMMA_LAST = /,[^.]*$/;
const DECIMAL_COMMA = /,\d{1,2}$/;
const THREE_AFTER_DOT = /\.\d{3}$/;
/** a dot that is not followed by exactly three digits: not a thousands separator */
const LOOSE_DOT = /\.(?!\d{3}(?:\D|$))/;

/**
 * `t` (no spaces, symbols or codes left) with its separators resolved: thousands separators
 * removed and the decimal separator written as '.'; undefined when a dot cannot be a thousands
 * separator. See the rules at the top.
 */
export function resolveSeparators(t: string, decimalComma: boolean): string | undefined {
  const comma = t.includes(',');
  const dot = t.includes('.');
  const dec =
    comma && dot
      ? COMMA_LAST.test(t)
        ? ','
        : '.'
      : comma && ONE_COMMA.test(t) && (decimalComma || DECIMAL_COMMA.test(t))
        ? ','
        : dot && ONE_DOT.test(t) && !(decimalComma && THREE_AFTER_DOT.test(t))
          ? '.'
          : '';
  if (dec === '.') return t.replace(/,/g, '');
  if (LOOSE_DOT.test(t)) return undefined;
  return dec === ',' ? t.replace(/\./g, '').replace(/,/g, '.') : t.replace(/[.,]/g, '');
}

/**
 * Currency symbols → ISO 4217 codes: the English symbols of Unicode CLDR 48 (ICU 78, as
 * `Intl.NumberFormat('en', { style: 'currency', currencyDisplay: 'symbol' })` gives them: $ is
 * USD, ¥ is JPY, CN¥ is CNY, A$ is AUD…), "US$" (the USD symbol of CLDR's en-CA and en-AU), and
 * the narrow symbols CLDR gives to one currency only (₽ RUB, ₺ TRY, ₴ UAH…).
 */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  $: 'USD',
  US$: 'USD',
  A$: 'AUD',
  R$: 'BRL',
  CA$: 'CAD',
  'CN¥': 'CNY',
  '€': 'EUR',
  '£': 'GBP',
  HK$: 'HKD',
  '₪': 'ILS',
  '₹': 'INR',
  '¥': 'JPY',
  '₩': 'KRW',
  MX$: 'MXN',
  NZ$: 'NZD',
  '₱': 'PHP',
  NT$: 'TWD',
  '₫': 'VND',
  EC$: 'XCD',
  '؋': 'AFN',
  '֏': 'AMD',
  '₼': 'AZN',
  '৳': 'BDT',
  '₡': 'CRC',
  '₾': 'GEL',
  '៛': 'KHR',
  '₸': 'KZT',
  '₭': 'LAK',
  '₮': 'MNT',
  '₦': 'NGN',
  '₲': 'PYG',
  '₽': 'RUB',
  '฿': 'THB',
  '₺': 'TRY',
  '₴': 'UAH',
};

/**
 * ISO 4217 active codes (as `Intl.supportedValuesOf('currency')` lists them in Node 20, ICU 78):
 * a three-letter mark must be one of these to name a currency.
 */
export const ISO_4217 = (
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP ' +
  'BYN BZD CAD CDF CHF CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP ' +
  'GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES ' +
  'KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR ' +
  'MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB ' +
  'RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY ' +
  'TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XCG XDR XOF XPF XSU YER ZAR ZMW ZWG ZWL'
).split(' ');

/**
 * Where an amount names its currency: a code or a symbol (letters may open it: "CA$") at the
 * start, after an opening parenthesis, minus or spaces; or a code or symbol at the end, before
 * a closing parenthesis or spaces. Groups: code at the start, symbol at the start, code at the
 * end, symbol at the end.
 */
export const CURRENCY_MARK_SOURCE = `^[\\(\\-\\s]*(?:([A-Z]{3})(?![A-Za-z])|([A-Z]{0,2}[${SYMBOL_CHARS}]))|(?:^|[^A-Za-z])(?:([A-Z]{3})|([${SYMBOL_CHARS}]))[\\)\\s]*$`;
const CURRENCY_MARK = new RegExp(CURRENCY_MARK_SOURCE);
const CODES = new Set(ISO_4217);
const SYMBOLS = new Map(Object.entries(CURRENCY_SYMBOLS));

/** The ISO 4217 code an amount's mark names ("€799.41" → EUR, "USD 1,200.50" → USD), else undefined. */
export function currencyOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = CURRENCY_MARK.exec(value.trim());
  if (!m) return undefined;
  const code = m[1] ?? m[3];
  if (code !== undefined) return CODES.has(code) ? code : undefined;
  return SYMBOLS.get((m[2] ?? m[4]) as string);
}

/**
 * Whether a column writes decimal commas: some value has a comma followed by one or two digits
 * at its end, or a comma after the last dot ("1.200,50"), and none has a dot after its last comma.
 */
export function writesDecimalCommas(values: readonly string[]): boolean {
  let comma = false;
  for (const raw of values) {
    const v = raw.replace(/\s*[A-Z]{3}$|[^\d.,]+$/, '');
    if (/,\d*\./.test(v)) return false;
    if (DECIMAL_COMMA.test(v) || /\.\d{3},/.test(v)) comma = true;
  }
  return comma;
}
