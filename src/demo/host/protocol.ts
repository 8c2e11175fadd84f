import type { HostResponse } from '../../../server/host/lite';

/**
 * Messages between the page and the demo's API worker (worker.ts). Requests carry the fetch
 * request's parts; a FormData body travels as its entries (FormData is not structured-cloneable;
 * its File values are).
 */
export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | Array<[string, string | File]> | null;
}

/** An e-mail the demo "sent": what the outbox's job handed to the transport. */
export interface SentMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

export type ToWorker = { id: number; kind: 'request'; request: WireRequest } | { id: number; kind: 'mails' };

export type FromWorker =
  | { id: number; kind: 'response'; response: HostResponse }
  | { id: number; kind: 'mails'; mails: SentMail[] }
  | { id: number; kind: 'failed'; message: string }
  | { id: 0; kind: 'mail'; mail: SentMail }
  /** first message on each connection: whether the worker (its database) started for it */
  | { id: 0; kind: 'hello'; fresh: boolean };
