import { customerPaths } from '../../../../../contract/customer';
import { apiDelete } from '../../../api/http-client';

/** The page says its own success, and shows a refusal (type still in use) in a dialog. */
export const deleteCustomerType = (id: number): Promise<void> =>
  apiDelete(customerPaths.type(id), { successToast: false, silent: true });
