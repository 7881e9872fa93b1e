/** The text of identity's system emails: password reset and address verification. */

interface Mail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

function render(opts: { name: string; intro: string; action: string; link: string; outro: string }): Omit<Mail, "subject"> {
  const greeting = `Hello ${opts.name},`;
  const text = `${greeting}\n\n${opts.intro}\n\n${opts.link}\n\n${opts.outro}\n\n— Prospector`;
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(opts.intro)}</p>`,
    `<p><a href="${escapeHtml(opts.link)}">${escapeHtml(opts.action)}</a></p>`,
    `<p style="color:#666">${escapeHtml(opts.outro)}</p>`,
    "<p>— Prospector</p>",
  ].join("\n");
  return { text, html };
}

export function passwordResetMail(opts: { name: string; link: string }): Mail {
  return {
    subject: "Reset your Prospector password",
    ...render({
      name: opts.name,
      intro: "Someone asked to reset the password of your Prospector account. Open this link to choose a new one:",
      action: "Reset password",
      link: opts.link,
      outro: "The link expires in 1 hour. If you did not ask for it, ignore this email: your password stays as it is.",
    }),
  };
}

export function verificationMail(opts: { name: string; link: string }): Mail {
  return {
    subject: "Confirm your email address for Prospector",
    ...render({
      name: opts.name,
      intro: "Welcome to Prospector. Open this link to confirm your email address and activate your account:",
      action: "Confirm email address",
      link: opts.link,
      outro: "The link expires in 24 hours. If you did not create an account, ignore this email.",
    }),
  };
}
