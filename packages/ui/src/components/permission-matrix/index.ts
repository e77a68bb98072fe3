export {
  PermissionMatrix,
  type PermissionMatrixAction,
  type PermissionMatrixProps,
  type PermissionMatrixResource,
} from './permission-matrix';
