/**
 * Personal mailbox providers: an address at one of them says nothing about the person's employer,
 * so it is never taken as a company domain (duplicate keys here, enrichment's company lookup).
 */
export const FREE_MAIL_DOMAINS: readonly string[] = (
  "gmail.com googlemail.com yahoo.com yahoo.co.uk ymail.com outlook.com hotmail.com hotmail.co.uk live.com msn.com icloud.com " +
  "me.com mac.com aol.com proton.me protonmail.com gmx.com gmx.de gmx.net web.de mail.com yandex.com yandex.ru mail.ru zoho.com " +
  "fastmail.com hey.com tutanota.com qq.com 163.com"
).split(" ");

export const FREE_MAIL: ReadonlySet<string> = new Set(FREE_MAIL_DOMAINS);
