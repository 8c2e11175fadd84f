import { describe, expect, it } from 'vitest';
import { TICKET_LIMITS } from '../../domain/tickets';
import { bytesMatch, checkTicketFile } from './attachments';
import { ApiError } from './errors';

const file = (bytes: Buffer | string, name: string, type = '') => ({ name, type, content: Buffer.from(bytes).toString('base64') });
function zip(name: string): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, Buffer.from(name), Buffer.from('data')]);
}
const refusal = (f: ReturnType<typeof file>) => {
  try {
    checkTicketFile(f, 'attachments.0');
  } catch (error) {
    const e = error as ApiError;
    return [e.statusCode, e.code, e.fieldErrors];
  }
  return null;
};

describe('ticket file checks', () => {
  it('reads each extension\'s bytes', () => {
    expect(bytesMatch('jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe(true);
    expect(bytesMatch('jpeg', Buffer.from([0x89, 0x50]))).toBe(false);
    expect(bytesMatch('png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(true);
    expect(bytesMatch('pdf', Buffer.from('%PDF-1.7\n'))).toBe(true);
    // the signature at offset 0 only (issue 38): not after a BOM, a line or an HTML page's first bytes
    expect(bytesMatch('pdf', Buffer.from('\ufeff\n%PDF-1.7\n'))).toBe(false);
    expect(bytesMatch('pdf', Buffer.from('<html>%PDF-'.padStart(2000, ' ')))).toBe(false);
    expect(bytesMatch('pdf', Buffer.concat([Buffer.from('<!doctype html><html><body><script>alert(1)</script>'.padEnd(100, ' ')), Buffer.from('%PDF-1.7\n')]))).toBe(false);
    expect(bytesMatch('rtf', Buffer.from('{\\rtf1\\ansi}'))).toBe(true);
    expect(bytesMatch('ole2', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe(true);
    expect(bytesMatch('xlsx', zip('[Content_Types].xml'))).toBe(false);
    expect(bytesMatch('xlsx', Buffer.concat([zip('[Content_Types].xml'), zip('xl/workbook.xml')]))).toBe(true);
    expect(bytesMatch('text', Buffer.from('a;b\r\n1;2\tx\n'))).toBe(true);
    expect(bytesMatch('text', Buffer.from('Caffè €', 'utf8'))).toBe(true);
    expect(bytesMatch('text', Buffer.from('Caff\xe8', 'latin1'))).toBe(true);
    expect(bytesMatch('text', Buffer.from([0x4d, 0x5a, 0x90, 0x00]))).toBe(false);
    expect(bytesMatch('text', Buffer.alloc(0))).toBe(false);
  });

  it('refuses an HTML page with %PDF- at byte 100 sent as a PDF; accepts a real PDF (issue 38)', () => {
    const html = Buffer.concat([Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script>'.padEnd(100, ' ')), Buffer.from('%PDF-1.7\n</body></html>')]);
    expect(html.indexOf('%PDF-')).toBe(100);
    expect(refusal(file(html, 'invoice.pdf', 'application/pdf'))).toEqual([415, 'FILE_TYPE_NOT_ALLOWED', { 'attachments.0': 'validation.fileType' }]);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    expect(checkTicketFile(file(pdf, 'invoice.pdf', 'application/pdf'), 'k')).toMatchObject({ extension: 'pdf', type: 'application/pdf', name: 'invoice.pdf' });
    // every accepted type's signature is read at offset 0: one byte before it and the file is refused
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    for (const [sniff, bytes] of [['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xdb])], ['png', png], ['pdf', pdf], ['rtf', Buffer.from('{\\rtf1}')], ['ole2', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])], ['xlsx', zip('xl/workbook.xml')]] as const) {
      expect(bytesMatch(sniff, bytes), sniff).toBe(true);
      expect(bytesMatch(sniff, Buffer.concat([Buffer.from(' '), bytes])), sniff).toBe(false);
    }
  });

  it('answers the file with its canonical type, or the refusal keyed where the file was', () => {
    expect(checkTicketFile(file('a;b\n', 'x.csv', 'application/vnd.ms-excel'), 'k')).toMatchObject({ extension: 'csv', type: 'text/csv', name: 'x.csv' });
    expect(refusal(file('%PDF-1.4', 'x.png', 'image/png'))).toEqual([415, 'FILE_TYPE_NOT_ALLOWED', { 'attachments.0': 'validation.fileType' }]);
    expect(refusal(file('%PDF-1.4', 'x.bat'))).toEqual([415, 'FILE_TYPE_NOT_ALLOWED', { 'attachments.0': 'validation.fileType' }]);
    expect(refusal(file(Buffer.alloc(TICKET_LIMITS.fileBytes + 1, 'a'), 'x.txt'))).toEqual([413, 'FILE_TOO_LARGE', { 'attachments.0': 'validation.fileTooLarge?maxBytes=5242880' }]);
    expect(checkTicketFile(file(Buffer.alloc(TICKET_LIMITS.fileBytes, 'a'), 'x.txt'), 'k').bytes.byteLength).toBe(TICKET_LIMITS.fileBytes);
    expect(refusal({ name: 'x.txt', type: '', content: 'abc$' })).toEqual([400, 'FILE_UNREADABLE', { 'attachments.0': 'validation.fileUnreadable' }]);
    // a data URL's prefix is tolerated
    expect(checkTicketFile({ name: 'x.txt', type: 'text/plain', content: `data:text/plain;base64,${Buffer.from('hi').toString('base64')}` }, 'k').bytes.byteLength).toBe(2);
  });
});
