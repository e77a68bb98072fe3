// What other modules may use of customers: the record itself, its not-found error and the one rule
// of which customers may be used (not deleted, not stopped at the person's request).

export { customerInUse } from './customers.in-use';
export { findCustomerPage } from './customers.list.repository';
export { customerAndMergedIds } from './customers.merge';
export { CustomerNotFoundError, type CustomerView, getCustomer } from './customers.service';
