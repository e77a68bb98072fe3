// What other modules may use of customers: the record itself and its not-found error.
export { findCustomerPage } from './customers.repository';
export { CustomerNotFoundError, type CustomerView, getCustomer } from './customers.service';
