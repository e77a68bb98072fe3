/**
 * A Server-Sent Events parser (the WHATWG "event stream interpretation"), for a stream read with
 * fetch: EventSource cannot send the Authorization header. Feed it decoded text in any chunks;
 * it calls `onEvent` for each dispatched event and `onRetry` for each valid `retry:` field.
 */

export interface ServerSentEvent {
  /** `event:` field; `message` when the event named none. */
  event: string;
  /** The `data:` lines joined with newlines. */
  data: string;
  /** The last `id:` seen on the stream so far ('' when none). */
  lastEventId: string;
}

export interface SseParserHandlers {
  onEvent: (event: ServerSentEvent) => void;
  onRetry?: (milliseconds: number) => void;
}

export interface SseParser {
  /** Parses the next piece of the stream's text. */
  push: (text: string) => void;
  /** The stream ended: an event without its closing blank line is dropped, as the standard says. */
  end: () => void;
}

export function createSseParser({ onEvent, onRetry }: SseParserHandlers): SseParser {
  let buffer = '';
  let started = false;
  /** The previous piece ended with CR: an LF at the start of the next one belongs to it. */
  let skipLeadingLf = false;
  let eventType = '';
  let data = '';
  let hasData = false;
  let lastEventId = '';

  const dispatch = () => {
    if (hasData) {
      onEvent({ event: eventType || 'message', data, lastEventId });
    }
    eventType = '';
    data = '';
    hasData = false;
  };

  const processLine = (line: string) => {
    if (line === '') {
      dispatch();
      return;
    }
    if (line.startsWith(':')) return; // a comment, e.g. `: keep-alive`
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        data = hasData ? `${data}\n${value}` : value;
        hasData = true;
        break;
      case 'id':
        if (!value.includes('\0')) lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) onRetry?.(Number(value));
        break;
      default:
        // Unknown fields are ignored.
        break;
    }
  };

  return {
    push(text) {
      let chunk = text;
      if (!started && chunk.length > 0) {
        started = true;
        if (chunk.startsWith('\uFEFF')) chunk = chunk.slice(1);
      }
      if (skipLeadingLf && chunk.startsWith('\n')) chunk = chunk.slice(1);
      skipLeadingLf = false;
      buffer += chunk;
      let start = 0;
      for (let index = 0; index < buffer.length; index++) {
        const char = buffer[index];
        if (char !== '\r' && char !== '\n') continue;
        processLine(buffer.slice(start, index));
        if (char === '\r') {
          if (index + 1 === buffer.length) skipLeadingLf = true;
          else if (buffer[index + 1] === '\n') index++;
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      buffer = '';
      eventType = '';
      data = '';
      hasData = false;
    },
  };
}
