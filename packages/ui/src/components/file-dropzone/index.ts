export {
  FileDropzone,
  type FileDropzoneProps,
  type FileRejection,
  type FileUploadItem,
} from './file-dropzone';
