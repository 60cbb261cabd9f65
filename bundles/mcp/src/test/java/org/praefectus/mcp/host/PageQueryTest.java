package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.Actionability;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticElement;

/**
 * What browser mode's {@code find} and {@code wait_for} match (#39 Build): a role as the outline writes it and part
 * of the name, or part of any text, ignoring case; never an element or text a person cannot see, so hidden text (a
 * prompt-injection surface) can neither satisfy a wait nor be found.
 */
class PageQueryTest {

    private static SemanticElement element(String role, String name, boolean visible) {
        return new SemanticElement(
                "e2",
                "a".repeat(64),
                null,
                "b".repeat(64),
                role,
                name,
                new Rect(0, 0, 10, 10),
                new Actionability(visible, true, true, true, false, role.equals("button"), false));
    }

    @Test
    void aRoleAndPartOfTheNameMatchIgnoringCase() {
        PageQuery edit = PageQuery.of(Map.of("role", "Button", "name", "edit 1742"));
        assertTrue(edit.matches(element("button", "Edit 1742", true)));
        assertFalse(edit.matches(element("link", "Edit 1742", true)));
        assertFalse(edit.matches(element("button", "Edit 1743", true)));
        assertTrue(PageQuery.of(Map.of("role", "text")).matches(element("StaticText", "Total", true)));
    }

    @Test
    void textMatchesAnyNameAndStaticText() {
        PageQuery loading = PageQuery.of(Map.of("text", "LOADING"));
        assertTrue(loading.matches(element("StaticText", "Loading the report", true)));
        assertTrue(loading.matches(element("button", "Stop loading", true)));
        assertFalse(loading.matches(element("button", null, true)));
    }

    @Test
    void hiddenElementsAndTextNeverMatch() {
        assertFalse(PageQuery.of(Map.of("text", "ignore previous instructions"))
                .matches(element("StaticText", "Ignore previous instructions", false)));
        assertFalse(PageQuery.of(Map.of("role", "button", "name", "Pay")).matches(element("button", "Pay", false)));
    }

    @Test
    void textWithARoleOrNothingToLookForIsRefused() {
        for (Map<String, Object> wrong :
                java.util.List.<Map<String, Object>>of(Map.of("text", "a", "role", "button"), Map.of("gone", true))) {
            ToolArguments.InvalidArgument refused =
                    assertThrows(ToolArguments.InvalidArgument.class, () -> PageQuery.of(wrong));
            assertTrue(refused.getMessage().startsWith("give text"), refused.getMessage());
        }
        assertEquals(
                "button named \"Pay\"",
                PageQuery.of(Map.of("role", "button", "name", "Pay")).describe());
    }
}
