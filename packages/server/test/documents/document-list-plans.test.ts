import { describe, expect, it } from 'vitest';
import {
  countDocuments,
  type DocumentSortField,
  findCustomerDocuments,
  findDocumentPage,
} from '../../src/modules/documents/documents.repository';
import { findChildFolders } from '../../src/modules/folders/folders.repository';
import { isStoredFileUsed } from '../../src/platform/files/file-removal';
import { indexesOf, type PlanNode, seqScansOf, usePlanDatabase } from '../support/query-plans';

const TENANT = '7a2e4c6b-1d3f-4a5b-8c9d-0e1f2a3b4c51';
const FOLDER = '7a2e4c6b-1d3f-4a5b-8c9d-0e1f2a3b4c52';
const CUSTOMER = '7a2e4c6b-1d3f-4a5b-8c9d-0e1f2a3b4c53';
const DOCUMENTS = 5_000;

describe('documents list plans as the app role', () => {
  const planDb = usePlanDatabase({
    tenantId: TENANT,
    tenantName: '計画確認医院',
    analyze: ['documents', 'folders', 'customers'],
    async seed(owner) {
      await owner.query(
        `insert into folders (tenant_id, id, name, parent_id)
         select $1::uuid, case when n = 0 then $2::uuid else gen_random_uuid() end, 'フォルダー' || n,
                case when n between 1 and 9 or n = 0 then null else $2::uuid end
         from generate_series(0, 199) as n`,
        [TENANT, FOLDER],
      );
      await owner.query(
        `insert into documents (tenant_id, folder_id, file_name, content_type, size_bytes, sha256, storage_key)
         select $1::uuid, case when n % 100 = 0 then null else (select id from folders where tenant_id = $1::uuid order by name offset (n % 200) limit 1) end,
                '文書' || n || '.pdf', 'application/pdf',
                1000 + n, md5(n::text) || md5(n::text), $1 || '/' || md5(n::text) || md5(n::text)
         from generate_series(1, ${DOCUMENTS}) as n`,
        [TENANT],
      );
      // 500 customers; every 10th document concerns one of them (CUSTOMER has 10).
      await owner.query(
        `insert into customers (tenant_id, id, last_name, first_name, last_name_kana, first_name_kana)
         select $1::uuid, case when n = 0 then $2::uuid else gen_random_uuid() end, '計画' || n, '花子', 'ケイカク', 'ハナコ'
         from generate_series(0, 499) as n`,
        [TENANT, CUSTOMER],
      );
      await owner.query(
        `update documents d set customer_id = c.id
         from (select id, row_number() over (order by id) - 1 as k from customers where tenant_id = $1::uuid) c,
              (select id, row_number() over (order by id) as n from documents where tenant_id = $1::uuid) x
         where d.tenant_id = $1::uuid and d.id = x.id and x.n % 10 = 0 and c.k = (x.n / 10) % 500`,
        [TENANT],
      );
    },
  });

  const plansOf = planDb.plansOf;

  // A clinic's folders are a few hundred rows at most: reading them whole is fine; documents are not.
  const noSeqScan = (plans: PlanNode[][]) => {
    for (const plan of plans) expect(seqScansOf(plan, ['documents'])).toEqual([]);
  };

  it.each(['created_at', 'updated_at', 'file_name', 'size_bytes'] as const)(
    'lists a folder sorted by %s through a folder index',
    async (sortBy) => {
      // A folder of the tree, and the documents in no folder (a small share of a large tenant).
      for (const folderId of [FOLDER, null]) {
        const plans = await plansOf(async (tx) => {
          await findDocumentPage(tx, {
            folderId,
            skip: 0,
            limit: 20,
            sortBy: sortBy as DocumentSortField,
            sortOrder: 'desc',
          });
        });
        noSeqScan(plans);
        // The planner picks whichever (tenant, folder, …) index is cheapest for a page of a folder.
        expect(plans.flatMap(indexesOf).some((name) => name.startsWith('documents_folder_'))).toBe(true);
      }
    },
  );

  it('counts a folder, lists the folder tree and checks a stored file by index', async () => {
    const plans = await plansOf(async (tx) => {
      await countDocuments(tx, { folderId: FOLDER });
      await findChildFolders(tx, null);
      await isStoredFileUsed(tx, `${TENANT}/${'0'.repeat(64)}`);
    });
    noSeqScan(plans);
    expect(plans.flatMap(indexesOf)).toContain('documents_storage_key_idx');
  });

  it("lists, counts and reads a customer's documents through the customer index", async () => {
    const plans = await plansOf(async (tx) => {
      const page = await findDocumentPage(tx, {
        customerId: CUSTOMER,
        skip: 0,
        limit: 20,
        sortBy: 'created_at',
        sortOrder: 'desc',
      });
      expect(page.length).toBeGreaterThan(0);
      expect(page.every((document) => document.customer_id === CUSTOMER)).toBe(true);
      expect(page[0]?.customer_last_name).toBe('計画0');
      await countDocuments(tx, { customerId: CUSTOMER });
      await findCustomerDocuments(tx, CUSTOMER);
    });
    noSeqScan(plans);
    expect(plans.flatMap(indexesOf)).toContain('documents_customer_idx');
  });
});
