export { Avatar, type AvatarProps, avatarInitial, avatarVariants } from './avatar';
