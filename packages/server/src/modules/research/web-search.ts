/**
 * An optional web search for deep research, configured by `RESEARCH_WEB_SEARCH_URL` (read in
 * config.ts, passed in by the research handlers). Protocol:
 * `POST <url>` with JSON `{ "query": string, "limit": number }`, answered with JSON
 * `{ "results": [{ "title": string, "url": string, "snippet": string }] }`. A failure or a wrong
 * answer is not fatal: research goes on with the tenant's data alone (the step says skipped).
 */
export interface WebSearchResult {
  title: string;
  url: string;
  snippet: string;
}

export interface WebSearch {
  search(query: string, limit: number): Promise<WebSearchResult[]>;
}

const TIMEOUT_MS = 8000;

export function httpWebSearch(url: string): WebSearch {
  return {
    async search(query, limit) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, limit }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`web search answered ${response.status}`);
      const answer = (await response.json()) as { results?: unknown };
      if (!Array.isArray(answer.results)) throw new Error('web search answered no results array');
      return answer.results
        .filter(
          (result): result is WebSearchResult =>
            typeof result === 'object' &&
            result !== null &&
            typeof (result as WebSearchResult).title === 'string' &&
            typeof (result as WebSearchResult).url === 'string' &&
            /^https?:\/\//.test((result as WebSearchResult).url) &&
            typeof (result as WebSearchResult).snippet === 'string',
        )
        .slice(0, limit);
    },
  };
}
