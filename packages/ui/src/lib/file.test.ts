import { describe, expect, it } from 'vitest';
import { formatFileSize, isAcceptedFileType, validateFile } from './file';

const file = (name: string, type: string, size = 100) => ({ name, type, size });

describe('file rules', () => {
  it('accepts by MIME type, wildcard or extension', () => {
    const accept = ['application/pdf', 'image/*', '.docx'];
    expect(isAcceptedFileType(file('契約書.PDF', 'application/pdf'), accept)).toBe(true);
    expect(isAcceptedFileType(file('写真.jpg', 'image/jpeg'), accept)).toBe(true);
    expect(isAcceptedFileType(file('議事録.DOCX', ''), accept)).toBe(true);
    expect(isAcceptedFileType(file('run.exe', 'application/x-msdownload'), accept)).toBe(false);
    expect(isAcceptedFileType(file('any.bin', ''), undefined)).toBe(true);
  });

  it('reports INVALID_FILE_TYPE before FILE_TOO_LARGE', () => {
    const rules = { accept: ['.pdf'], maxSize: 1024 };
    expect(validateFile(file('a.pdf', 'application/pdf', 1024), rules)).toBeNull();
    expect(validateFile(file('a.pdf', 'application/pdf', 1025), rules)).toBe('FILE_TOO_LARGE');
    expect(validateFile(file('a.zip', 'application/zip', 5000), rules)).toBe('INVALID_FILE_TYPE');
  });

  it('formats sizes', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatFileSize(-1)).toBe('—');
  });
});
