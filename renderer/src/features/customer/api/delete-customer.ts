import { customerEndpoints } from '../../../../../contract/customer';
import { call } from '../../../api/call';

/** The page says its own 删除成功!, and shows a refusal (customer on a contract) in a dialog. */
export const deleteCustomer = async (id: number): Promise<void> => {
  await call(customerEndpoints.delete, { params: { id } }, { successToast: false, silent: true });
};
