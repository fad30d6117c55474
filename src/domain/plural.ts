/**
 * A count with its noun, singular for one ('1 attendee', '3 attendees', '1,200 allowances'): every
 * count the screens, emails and history lines write goes through here.
 */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
