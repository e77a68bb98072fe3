import { describe, expect, it } from 'vitest';
import { createSseParser, type ServerSentEvent } from './sse-parser';

function parse(...chunks: string[]) {
  const events: ServerSentEvent[] = [];
  const retries: number[] = [];
  const parser = createSseParser({
    onEvent: (event) => events.push(event),
    onRetry: (milliseconds) => retries.push(milliseconds),
  });
  for (const chunk of chunks) parser.push(chunk);
  return { events, retries, parser };
}

describe('createSseParser', () => {
  it('reads the server protocol: retry, a named event with JSON data, keep-alive comments', () => {
    const { events, retries } = parse(
      'retry: 5000\nevent: unread\ndata: {"unread_count": 3}\n\n: keep-alive\n\nevent: unread\ndata: {"unread_count": 4}\n\n',
    );
    expect(retries).toEqual([5000]);
    expect(events).toEqual([
      { event: 'unread', data: '{"unread_count": 3}', lastEventId: '' },
      { event: 'unread', data: '{"unread_count": 4}', lastEventId: '' },
    ]);
  });

  it('puts together fields and lines split anywhere across chunks', () => {
    const text = 'event: unread\ndata: {"unread_count": 12}\n\n';
    const whole = parse(text).events;
    for (let cut = 1; cut < text.length; cut++) {
      expect(parse(text.slice(0, cut), text.slice(cut)).events).toEqual(whole);
    }
    expect(parse(...Array.from(text)).events).toEqual(whole);
  });

  it('accepts CRLF, CR and LF line ends, also a CRLF split between chunks', () => {
    expect(parse('data: a\r\n\r\ndata: b\r\rdata: c\n\n').events.map((event) => event.data)).toEqual([
      'a',
      'b',
      'c',
    ]);
    // The LF after a CR that ended the previous chunk is not a second (blank) line.
    const split = parse('data: a\r', '\ndata: b\r\n\r\n').events;
    expect(split).toEqual([{ event: 'message', data: 'a\nb', lastEventId: '' }]);
  });

  it('joins several data lines with newlines and strips only one leading space', () => {
    expect(parse('data:first\ndata:  second\ndata\n\n').events[0]?.data).toBe('first\n second\n');
  });

  it('dispatches nothing for an event without data, and resets the event name after each dispatch', () => {
    const { events } = parse('event: unread\n\ndata: plain\n\n');
    expect(events).toEqual([{ event: 'message', data: 'plain', lastEventId: '' }]);
  });

  it('ignores comments, unknown fields and a retry that is not a number', () => {
    const { events, retries } = parse(': hello\nfoo: bar\nretry: 5s\nretry: 2500\ndata: x\n\n');
    expect(retries).toEqual([2500]);
    expect(events).toHaveLength(1);
  });

  it('keeps the last id and skips a leading byte-order mark', () => {
    const { events } = parse('\uFEFFid: 7\ndata: a\n\ndata: b\n\n');
    expect(events.map((event) => event.lastEventId)).toEqual(['7', '7']);
    expect(events[0]?.data).toBe('a');
  });

  it('drops an event cut off by the end of the stream', () => {
    const { events, parser } = parse('event: unread\ndata: {"unread_count": 1}\n');
    parser.end();
    expect(events).toEqual([]);
  });
});
