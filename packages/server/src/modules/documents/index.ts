// What other modules may use of documents: finding passages a person may read.
export {
  findMentions,
  findPassages,
  readableTextKinds,
  type TextSourceKind,
  unreadableTextNote,
} from './documents.mentions';
