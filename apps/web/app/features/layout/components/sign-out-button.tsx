import { useNavigate } from "react-router";
import { clearSession } from "../clear-session";

export function SignOutButton() {
  const navigate = useNavigate();
  const onClick = () => {
    if (!window.confirm("Are you sure you want to logout?")) return;
    clearSession();
    navigate("/login", { replace: true });
  };
  return (
    <button type="button" className="nav-link nav-link--button" onClick={onClick}>
      Sign out
    </button>
  );
}
