/** "1 deal", "3 deals": the basis sentences and alert titles count in words. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
