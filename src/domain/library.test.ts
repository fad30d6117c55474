import { describe, expect, it } from 'vitest';
import { detectMediaType, MEDIA_TYPES, openLabel, wholeStars } from './library';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('the library', () => {
  it('reads a book, plays the rest; the stars are the average floored', () => {
    expect(openLabel('book')).toBe('Read Now');
    expect(openLabel('podcast')).toBe('Play Now');
    expect(wholeStars(4.8)).toBe(4);
    expect(wholeStars(0)).toBe(0);
    expect(wholeStars(5)).toBe(5);
  });

  it('tells audio and video from their first bytes', () => {
    expect(detectMediaType(bytes('ID3', [3, 0]))).toBe(MEDIA_TYPES.mp3);
    expect(detectMediaType(bytes([0xff, 0xfb, 0x90]))).toBe(MEDIA_TYPES.mp3);
    expect(detectMediaType(bytes('OggS'))).toBe(MEDIA_TYPES.ogg);
    expect(detectMediaType(bytes([0x1a, 0x45, 0xdf, 0xa3]))).toBe(MEDIA_TYPES.webm);
    expect(detectMediaType(bytes([0, 0, 0, 32], 'ftypisom'))).toBe(MEDIA_TYPES.mp4);
    expect(detectMediaType(bytes([0, 0, 0, 32], 'ftypM4A '))).toBe(MEDIA_TYPES.m4a);
    expect(detectMediaType(bytes('%PDF-1.4'))).toBeNull();
    expect(detectMediaType(bytes('MZ'))).toBeNull();
  });
});
