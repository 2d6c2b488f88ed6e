// The mail sink through its real protocols: mail sent over SMTP with nodemailer, read back through the JSON API and
// the mailbox pages.
import { createServer } from 'node:net'
import { createTransport } from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { escapeHtml, type MailSink, type SinkMessage, startMailSink } from '../src/index.js'

let sink: MailSink
beforeAll(async () => {
  sink = await startMailSink({ port: 0, smtpPort: 0 })
})
afterAll(() => sink.stop())

function send(message: { to: string; subject: string; text: string; html?: string; from?: string }) {
  const transport = createTransport({
    host: sink.smtpHost,
    port: sink.smtpPort,
    secure: false,
    ignoreTLS: true,
  })
  return transport.sendMail({ from: message.from ?? 'Latchkey <login@latchkey.test>', ...message })
}

async function list(to?: string): Promise<SinkMessage[]> {
  const query = to === undefined ? '' : `?to=${encodeURIComponent(to)}`
  const response = await fetch(`${sink.url}/api/messages${query}`)
  expect(response.headers.get('content-type')).toBe('application/json')
  return ((await response.json()) as { messages: SinkMessage[] }).messages
}

describe('the mail sink', () => {
  it('keeps what it is sent and lists it by recipient, newest first, with from, to, subject, text, html and date', async () => {
    await send({ to: 'Ann@Example.test', subject: 'first', text: 'one' })
    await send({ to: 'bob@example.test', subject: 'other', text: 'not for ann' })
    await send({ to: 'ann@example.test', subject: 'second', text: 'two', html: '<p>two</p>' })
    const messages = await list('ANN@example.test')
    expect(messages.map((message) => message.subject)).toEqual(['second', 'first'])
    const [second] = messages
    expect(second).toMatchObject({
      from: '"Latchkey" <login@latchkey.test>',
      to: ['ann@example.test'],
      subject: 'second',
      text: 'two',
      html: '<p>two</p>',
    })
    expect(messages[1]?.html).toBeNull()
    expect(Number.isNaN(Date.parse(second?.date ?? ''))).toBe(false)
    expect(await list('nobody@example.test')).toEqual([])
    expect((await list()).length).toBeGreaterThanOrEqual(3)
    const one = await fetch(`${sink.url}/api/messages/${second?.id}`)
    expect(await one.json()).toEqual(second)
    expect((await fetch(`${sink.url}/api/messages/nope`)).status).toBe(404)
    expect(sink.messages('ann@example.test')).toHaveLength(2)
  })

  it('shows hostile content escaped on the mailbox pages, under a policy that allows no script', async () => {
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)>'
    await send({
      to: 'eve@example.test',
      from: `"${hostile}" <eve@example.test>`,
      subject: `hi ${hostile}`,
      text: `Approve: http://127.0.0.1:1/v1/device/approve?token=abc&x=1 and javascript:alert(3) ${hostile}`,
      html: `<p>${hostile}</p>`,
    })
    const mailbox = await fetch(`${sink.url}/?to=eve@example.test`)
    expect(mailbox.headers.get('content-security-policy')).toContain("default-src 'none'")
    const listing = await mailbox.text()
    expect(listing).not.toContain('<script>')
    expect(listing).not.toContain('<img')
    expect(listing).toContain(escapeHtml(`hi ${hostile}`))
    const [message] = await list('eve@example.test')
    const page = await (await fetch(`${sink.url}/messages/${message?.id}`)).text()
    expect(page).not.toContain('<script>')
    expect(page).not.toContain('<img')
    expect(page).not.toContain('href="javascript')
    expect(page).toContain(
      '<a href="http://127.0.0.1:1/v1/device/approve?token=abc&amp;x=1" rel="noopener noreferrer">',
    )
    expect(page).toContain(escapeHtml(`<p>${hostile}</p>`))
  })

  it('forgets the messages of one recipient on DELETE', async () => {
    await send({ to: 'gone@example.test', subject: 'bye', text: 'x' })
    const response = await fetch(`${sink.url}/api/messages?to=gone@example.test`, { method: 'DELETE' })
    expect(await response.json()).toEqual({ deleted: 1 })
    expect(await list('gone@example.test')).toEqual([])
    expect((await list('ann@example.test')).length).toBe(2)
  })

  it('names the variable of a fixed SMTP port that is taken', async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const { port } = taken.address() as { port: number }
    try {
      await expect(startMailSink({ smtpPort: port, port: 0 })).rejects.toThrow(
        `Port ${port} is already in use; set LATCHKEY_MAIL_SMTP_PORT to another port.`,
      )
      await expect(startMailSink({ smtpPort: 0, port })).rejects.toThrow(
        `Port ${port} is already in use; set LATCHKEY_MAIL_PORT to another port.`,
      )
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
  })
})
