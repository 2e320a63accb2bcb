import { useSession } from '../../../shared/session/store.ts';
import { avatarSrc } from '../api/accounts.ts';

/** The shopper's avatar (served only to its owner) or their initial. */
export function UserAvatar(props: { imageUrl: string; name: string; size?: number }) {
  const { token } = useSession();
  const size = props.size ?? 64;
  const src = avatarSrc(props.imageUrl, token);
  return src ? (
    <img className="acc-avatar" src={src} alt="" width={size} height={size} data-testid="avatar-image" />
  ) : (
    <span
      className="acc-avatar acc-avatar--empty"
      style={{ width: size, height: size, fontSize: size / 2.4 }}
      aria-hidden="true"
    >
      {(props.name || '☺').slice(0, 1).toUpperCase()}
    </span>
  );
}
