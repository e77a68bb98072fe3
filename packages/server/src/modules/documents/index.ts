// What other modules may use of documents: finding passages a person may read, and a customer's
// documents (a person's own requests: disclosure and erasure).

export { toDocument } from './documents.mapper';
export {
  findMentions,
  findPassages,
  readableTextKinds,
  type TextSourceKind,
  unreadableTextNote,
} from './documents.mentions';
export { findCustomerDocuments } from './documents.repository';
export { deleteCustomerDocuments, openDocumentContent } from './documents.service';
export type { DocumentRow } from './documents.tables';
