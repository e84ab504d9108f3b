import { describe, expect, it } from 'vitest';
import { dayjs } from '@/lib/dates';
import { announcementFormData, stripScheme } from '../api/save-announcement';
import { shortenFileName } from '@/components/attachment-link';
import { displayUrl, pickerMinimum, serverMinimum, toggleTag } from '../components/format';

const TYPES = ['office', 'pool', 'site', 'tug_boat'];

describe('tag selection (doc1 §4)', () => {
  it('collapses to Semua when all is chosen or every type is chosen', () => {
    expect(toggleTag(['office', 'pool'], 'all', TYPES)).toEqual(['all']);
    expect(toggleTag(['office', 'pool', 'site'], 'tug_boat', TYPES)).toEqual(['all']);
  });

  it('replaces Semua by a single type, keeps the catalogue order and unticks', () => {
    expect(toggleTag(['all'], 'site', TYPES)).toEqual(['site']);
    expect(toggleTag(['site'], 'office', TYPES)).toEqual(['office', 'site']);
    expect(toggleTag(['office', 'site'], 'office', TYPES)).toEqual(['site']);
    expect(toggleTag(['all'], 'all', TYPES)).toEqual([]);
  });
});

describe('link and attachment display', () => {
  it('strips a leading scheme before sending and shows http:// in front', () => {
    expect(stripScheme(' HTTPS://contoh.co.id/a ')).toBe('contoh.co.id/a');
    expect(stripScheme('http://x.id')).toBe('x.id');
    expect(stripScheme('contoh.id/https://')).toBe('contoh.id/https://');
    expect(displayUrl('contoh.id')).toBe('http://contoh.id');
    expect(displayUrl('')).toBe('');
  });

  it('shortens long file names keeping the extension', () => {
    expect(shortenFileName('Surat.pdf')).toBe('Surat.pdf');
    const short = shortenFileName('Surat Edaran Libur Nasional dan Cuti Bersama 2026.pdf');
    expect(short.length).toBeLessThanOrEqual(28);
    expect(short.endsWith('….pdf')).toBe(true);
    expect(short.startsWith('Surat Edaran')).toBe(true);
  });
});

describe('published date minimum', () => {
  it('offers 5+ minutes ahead on a whole minute; the server accepts from 4 minutes', () => {
    const now = dayjs('2026-11-23T10:00:30');
    expect(pickerMinimum(now).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-23 10:06:00');
    expect(serverMinimum(now).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-23 10:04:00');
  });
});

describe('the multipart form (doc1 §7.3)', () => {
  it('joins tags with a comma and a space, sends flags as 0/1 and the url without scheme', () => {
    const file = new File(['%PDF-1.4'], 'surat.pdf', { type: 'application/pdf' });
    const form = announcementFormData({
      hashId: 'abc',
      title: '  Libur  ',
      content: '<p>Isi</p>',
      publish: true,
      isImportant: false,
      publishedDate: '2026-11-23T10:06:00+07:00',
      tags: ['office', 'pool'],
      urlTitle: 'Info',
      url: 'https://contoh.id',
      attachment: file,
      removeAttachment: false,
    });
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'attachment'))).toEqual({
      hash_id: 'abc',
      title: 'Libur',
      content: '<p>Isi</p>',
      is_published: '1',
      is_important: '0',
      published_date: '2026-11-23T10:06:00+07:00',
      tag: 'office, pool',
      url_title: 'Info',
      url: 'contoh.id',
    });
    expect((form.get('attachment') as File).name).toBe('surat.pdf');
  });
});
