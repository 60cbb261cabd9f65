package org.praefectus.api.desktop;

import org.osgi.annotation.versioning.ProviderType;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.resident.ResidentHost;

/**
 * PeekabooX's desktop helpers over {@code desktop-profile.v1} profiles as one typed service: the profiles this runtime
 * knows, and a profile target (a strict selector inside the profile's windows) located, asserted, and acted on. The
 * effects ({@link #focus}, {@link #act}) are the {@link DesktopService#input} verbs aimed at the target, so they take
 * the one signed path: the {@code signer} signs (or refuses), the engine records the terminal, and a dry run shows
 * what would be signed. Every surface (CLI, socket, gRPC, MCP) adapts this service; none reads profiles itself.
 */
@ProviderType
public interface DesktopProfiles {

    /**
     * The profiles {@code query} selects, with the files that did not parse named in the warnings.
     *
     * @throws DesktopException never for a query; reserved for a catalogue that cannot be read at all
     */
    ProfileListing profiles(ProfileQuery query) throws DesktopException;

    /**
     * The elements of the target {@code aim} names, best first.
     *
     * @throws DesktopException {@code unknown_profile}, {@code unknown_target}, {@code unsupported_target} (the target
     *                          does not support {@code locate}), {@code window_not_found}, {@code target_not_found},
     *                          {@code observation_error}
     */
    ProfileLocation locate(ProfileAim aim, CancellationToken cancellation) throws DesktopException;

    /**
     * Whether the target meets {@code expected}: a failed assertion is an answer ({@link ProfileCheck#passed()}
     * false), never an exception.
     *
     * @throws DesktopException {@code unknown_profile}, {@code unknown_target}, {@code unsupported_target},
     *                          {@code observation_error}
     */
    ProfileCheck check(ProfileAim aim, ProfileExpectation expected, CancellationToken cancellation)
            throws DesktopException;

    /**
     * The profile's window raised and activated: one that is active already is answered as it is (nothing signed);
     * another is focused by the signed {@code window} focus action, whose outcome the answer carries. This is the one
     * place the rule lives.
     *
     * @param signer the host that signs, or {@code null}: a real focus is then refused {@code runtime_unavailable}
     * @throws DesktopException {@code unknown_profile}, {@code window_not_found}; a focus whose terminal is not
     *                          {@code succeeded} as the terminal's code with the answer as details
     */
    ProfileFocus focus(ProfileAim aim, boolean dryRun, ResidentHost signer, CancellationToken cancellation)
            throws DesktopException;

    /**
     * {@link #focus}, and with {@code launchIfNeeded} (PeekabooX's {@code launch_if_needed}) the profile's application
     * launched first when no window of the profile is open and the aim names no particular window (a window title or
     * ID names one that exists or is {@code window_not_found}): the signed {@code application} launch, its window
     * awaited, then the focus. The launch's outcome is the answer's {@code operation} when it did not succeed (its
     * terminal's code, the answer as details), or when this is a dry run (nothing signed, the launch shown).
     *
     * @throws DesktopException as {@link #focus}; a launch whose terminal is not {@code succeeded} as its code
     * @since 1.6
     */
    ProfileFocus focus(
            ProfileAim aim, boolean launchIfNeeded, boolean dryRun, ResidentHost signer, CancellationToken cancellation)
            throws DesktopException;

    /**
     * A profile target's input action ({@code click}, {@code type_into}, {@code drag}) through
     * {@link DesktopService#input}, signed by {@code signer}.
     *
     * @param signer the host that signs, or {@code null}: a real action is then refused {@code runtime_unavailable}
     * @throws DesktopException refused before anything was signed ({@code unknown_profile}, {@code unknown_target},
     *                          {@code unsupported_target}, {@code target_not_found}, the signer's refusal), or a terminal
     *                          other than {@code succeeded} as its code with the {@link ProfileEffect} as details;
     *                          {@code verification_failed} when a verified target is not found again
     */
    ProfileEffect act(ProfileAction action, ResidentHost signer, CancellationToken cancellation)
            throws DesktopException;
}
