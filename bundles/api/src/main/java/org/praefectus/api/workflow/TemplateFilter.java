package org.praefectus.api.workflow;

import java.util.Locale;

/**
 * Which templates to list (PeekabooX's filters): each given field must match, case-insensitively; {@code null}
 * matches everything.
 *
 * @param category  the template's category
 * @param capability one of the capabilities it needs
 * @param tag       one of its tags
 */
public record TemplateFilter(String category, String capability, String tag) {

    /** Every template. */
    public static final TemplateFilter ALL = new TemplateFilter(null, null, null);

    /** Whether {@code template} passes this filter. */
    public boolean matches(WorkflowTemplate template) {
        return (category == null || same(category, template.category()))
                && (capability == null || template.capabilities().stream().anyMatch(c -> same(capability, c)))
                && (tag == null || template.tags().stream().anyMatch(t -> same(tag, t)));
    }

    private static boolean same(String wanted, String value) {
        return value != null && wanted.trim().toLowerCase(Locale.ROOT).equals(value.toLowerCase(Locale.ROOT));
    }
}
