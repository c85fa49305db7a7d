import { customerPaths } from '../../../../../contract/customer';
import { apiDelete } from '../../../api/http-client';

/** The page says its own 删除成功!, and shows a refusal (customer on a contract) in a dialog. */
export const deleteCustomer = (id: number): Promise<void> =>
  apiDelete(customerPaths.one(id), { successToast: false, silent: true });
