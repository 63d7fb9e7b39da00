/** An outgoing mail: plain text for every client, simple HTML for those that show it. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A mail as a mailbox keeps it, with the links found in its text so testers can click them. */
export interface StoredMail extends Mail {
  id: string;
  from: string;
  date: string;
  links: string[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Only mailboxes that keep what they send (dev mailbox, memory) list it; real transports do not. */
  list?(): Promise<StoredMail[]>;
}

const LINK = /https?:\/\/[^\s<>"')]+/g;

export function extractLinks(text: string): string[] {
  return [...new Set(text.match(LINK) ?? [])];
}
