// What other modules may use of products: the products an interaction mentions.
export {
  findInteractionProducts,
  findLiveProductRefs,
  interactionProductsColumn,
  linkInteractionProducts,
} from './products.repository';
