-- 0026: a document may concern one customer (a referral letter, a consent form, an examination
-- result). The link is what a person's own requests (disclosure, erasure) and the access log's
-- customer filter follow to the person's files.
--
-- The foreign key keeps the tenant in it, so a document can only name a customer of its own
-- tenant. A customer removed for good without erasure (which deletes the person's documents
-- first) leaves the documents in place, unlinked.

alter table documents
  add column customer_id uuid,
  add constraint documents_customer_fkey foreign key (tenant_id, customer_id)
    references customers (tenant_id, id) on delete set null (customer_id);

-- The documents of one customer, newest first (the customer's page, disclosure, erasure).
create index documents_customer_idx on documents (tenant_id, customer_id, created_at desc, id desc)
  where customer_id is not null;
