/** The signed-in user's own account (docs/product.md §2 User Management): the router mounts /account. */

export { MyProfilePage } from './my-profile-page';
