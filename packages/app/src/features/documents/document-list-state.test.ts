import { describe, expect, it } from 'vitest';
import { documentListQuery, parseDocumentListState, serializeDocumentListState } from './document-list-state';

const FOLDER = '0b9e8c1a-2f4d-4c6b-8a7e-1d2c3b4a5f60';

describe('document list state', () => {
  it('reads defaults from an empty query string and writes nothing back', () => {
    const state = parseDocumentListState(new URLSearchParams());
    expect(state).toEqual({
      folder: null,
      q: '',
      mode: 'keyword',
      sort: 'created_at',
      order: 'desc',
      page: 1,
    });
    expect(serializeDocumentListState(state).toString()).toBe('');
  });

  it('round-trips a folder, a semantic search, a sort and a page', () => {
    const params = new URLSearchParams({
      folder: FOLDER,
      q: '解約',
      mode: 'semantic',
      sort: 'file_name',
      order: 'desc',
      page: '3',
    });
    const state = parseDocumentListState(params);
    expect(state).toEqual({
      folder: FOLDER,
      q: '解約',
      mode: 'semantic',
      sort: 'file_name',
      order: 'desc',
      page: 3,
    });
    expect(serializeDocumentListState(state).toString()).toBe(params.toString());
  });

  it('ignores what the server would refuse (a folder that is no id, an unknown sort, a bad page)', () => {
    const state = parseDocumentListState(
      new URLSearchParams({ folder: '../etc', sort: 'owner', page: '-2' }),
    );
    expect(state.folder).toBeNull();
    expect(state.sort).toBe('created_at');
    expect(state.page).toBe(1);
  });

  it('asks the server for one page of one folder', () => {
    const state = parseDocumentListState(new URLSearchParams({ folder: FOLDER, page: '2' }));
    expect(documentListQuery(state)).toEqual({
      folder_id: FOLDER,
      skip: 20,
      limit: 20,
      sort_by: 'created_at',
      sort_order: 'desc',
    });
    expect(documentListQuery(parseDocumentListState(new URLSearchParams()))).not.toHaveProperty('folder_id');
  });
});
