// Myanmar digits (၁၂၃) in Burmese text are a reader's choice, off by
// default: most customers type Latin digits for game ids and amounts and
// expect to read them back the same way (docs/spec.md §9). The choice
// applies to the server's words (sent as Accept-Language my-u-nu-mymr)
// and to the amounts in them that the app words by code.

export const DIGITS_STORAGE_KEY = 'digits';

/** Whether the reader chose Myanmar digits for Burmese text. */
export function myanmarDigits(): boolean {
  try {
    return localStorage.getItem(DIGITS_STORAGE_KEY) === 'myanmar';
  } catch {
    return false;
  }
}

export function setMyanmarDigits(on: boolean) {
  try {
    if (on) localStorage.setItem(DIGITS_STORAGE_KEY, 'myanmar');
    else localStorage.removeItem(DIGITS_STORAGE_KEY);
  } catch {
    // storage unavailable: Latin digits
  }
}

/** "12,050" → "၁၂,၀၅၀". */
export function toMyanmarDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x1040 + Number(digit)));
}
