import { customerEndpoints } from '../../../../../contract/customer';
import { call } from '../../../api/call';

/** The page says its own success, and shows a refusal (type still in use) in a dialog. */
export const deleteCustomerType = async (id: number): Promise<void> => {
  await call(customerEndpoints.deleteType, { params: { id } }, { successToast: false, silent: true });
};
