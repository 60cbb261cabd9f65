package org.praefectus.api.desktop;

/**
 * Which profiles {@code desktop profiles} lists: each given field narrows the list ({@code null} and {@code false}
 * select everything).
 *
 * @param app       a profile named so, or with it as an alias (ignoring case)
 * @param target    profiles with a target of this name
 * @param command   profiles launched by this command
 * @param desktopId profiles naming this desktop ID
 * @param supports  profiles with a target (the {@code target}, when given) that supports this verb
 * @param check     report each profile's availability ({@code installed}, {@code desktop_ids_found},
 *                  {@code available})
 * @param installed only profiles whose launch command is installed (implies {@code check})
 * @param available only profiles that are available (implies {@code check})
 */
public record ProfileQuery(
        String app,
        String target,
        String command,
        String desktopId,
        String supports,
        boolean check,
        boolean installed,
        boolean available) {

    /** Every profile, without availability. */
    public static final ProfileQuery ALL = new ProfileQuery(null, null, null, null, null, false, false, false);

    /** Whether the answer reports availability. */
    public boolean checks() {
        return check || installed || available;
    }
}
