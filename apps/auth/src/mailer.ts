// Email over SMTP with nodemailer: the local stack points it at the mail sink, production at any SMTP server.
// What is sent carries a code or a link; nothing of it is ever logged.
import { createTransport } from 'nodemailer'
import { CODE_TTL_MS } from './defaults.js'
import { escapeHtml } from './http.js'

/** Where and how to send email. */
export interface SmtpOptions {
  host: string
  port: number
  /** TLS from the first byte (port 465). Default false: plain, upgraded with STARTTLS when the server offers it. */
  secure?: boolean
  /** Refuse to send unless STARTTLS succeeds (production on 587). Default false. */
  requireTLS?: boolean
  /** Never try STARTTLS (a local sink). Default false. */
  ignoreTLS?: boolean
  user?: string
  password?: string
  /** The From header: `Latchkey <login@example.com>`. */
  from: string
}

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  /** Sends one message; resolves once the SMTP server accepted it. @throws what nodemailer throws. */
  send(mail: Mail): Promise<void>
  close(): void
}

export function createMailer(smtp: SmtpOptions): Mailer {
  const transport = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure ?? false,
    requireTLS: smtp.requireTLS ?? false,
    ignoreTLS: smtp.ignoreTLS ?? false,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    logger: false,
    debug: false,
  })
  return {
    async send(mail) {
      await transport.sendMail({ from: smtp.from, ...mail })
    },
    close: () => transport.close(),
  }
}

const minutes = CODE_TTL_MS / 60_000

/** A message of paragraphs, as text and as simple HTML (every value escaped). */
function compose(to: string, subject: string, paragraphs: string[], link?: string): Mail {
  const html = paragraphs
    .map((paragraph) =>
      link && paragraph === link
        ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
        : `<p>${escapeHtml(paragraph)}</p>`,
    )
    .join('')
  return { to, subject, text: `${paragraphs.join('\n\n')}\n`, html }
}

/** The login code (VERIFY_OTP). */
export const loginMail = (to: string, code: string): Mail =>
  compose(to, `Your login code: ${code}`, [
    `Your login code is ${code}.`,
    `It works once and expires in ${minutes} minutes. If you did not ask for it, ignore this email.`,
  ])

/** Approval of a browser the user has not used before (VERIFY_DEVICE): a link, or the code typed in that browser. */
export const deviceMail = (to: string, code: string, link: string): Mail =>
  compose(
    to,
    'Approve a new device',
    [
      'Someone is signing in to your wallet from a browser you have not used with it before.',
      'If it is you, approve the browser by opening this link:',
      link,
      `or by entering this code in that browser: ${code}`,
      `Both expire in ${minutes} minutes. We then send you a login code. If it was not you, ignore this email.`,
    ],
    link,
  )

/** The first step of an email change, to the current address (VERIFY_PRIMARY_OTP). */
export const updatePrimaryMail = (to: string, code: string, newEmail: string): Mail =>
  compose(to, `Confirm your email change: ${code}`, [
    `Your code to change your wallet's email to ${newEmail} is ${code}.`,
    `It expires in ${minutes} minutes. If you did not ask for it, ignore this email: nothing changes.`,
  ])

/** The second step, to the new address (VERIFY_SECONDARY_OTP). */
export const updateSecondaryMail = (to: string, code: string): Mail =>
  compose(to, `Confirm your new email: ${code}`, [
    `Your code to make ${to} your wallet's email is ${code}.`,
    `It expires in ${minutes} minutes.`,
  ])
