package org.praefectus.api.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.praefectus.api.protocol.Rect;

class SelectorTest {

    private static UiElement element(String role, String label, Rect bounds, List<String> states) {
        return new UiElement(
                ":1.5:/org/a11y/atspi/accessible/7",
                role,
                label,
                bounds,
                UiElement.centerOf(bounds),
                1.0,
                states,
                "window-1",
                "Demo Window",
                "org.demo.App",
                null,
                List.of(),
                null,
                null);
    }

    private static final UiElement SUBMIT =
            element("push button", "Submit order", new Rect(10, 20, 90, 30), List.of("enabled", "visible"));

    @Test
    void aBarePartIsALabelThatTheElementsLabelContains() throws Exception {
        assertTrue(Selector.parse("submit").matches(SUBMIT));
        assertFalse(Selector.parse("Cancel").matches(SUBMIT));
        assertTrue(Selector.parse(null).matches(SUBMIT), "no selector given selects everything");
    }

    @Test
    void itsTextParsesBackToTheSameConditions() throws Exception {
        Selector selector = Selector.parse("submit, role=push button,contains=15,25,state=enabled");
        assertEquals("label=submit,role=push button,contains=15,25,state=enabled", selector.text());
        Selector again = Selector.parse(selector.text());
        assertEquals(selector.text(), again.text());
        assertTrue(again.matches(SUBMIT));
        assertFalse(Selector.parse("role=push button,contains=5,5").matches(SUBMIT));
        assertEquals("", Selector.any().text());
        assertEquals("Selector[redacted]", selector.toString(), "the text is never what a log shows");
    }

    @Test
    void anEmptySelectorIsRefusedRatherThanMatchingEverything() {
        for (String empty : List.of("", "   ", ",,,", " , ,")) {
            SelectorException refused = assertThrows(SelectorException.class, () -> Selector.parse(empty));
            assertEquals("invalid_selector", refused.code());
        }
    }

    @Test
    void everyKeyOfTheSeedSelects() throws Exception {
        for (String selector : List.of(
                "label=Submit",
                "label-exact=submit order",
                "label-regex=^Sub.*",
                "text=Submit",
                "role=push button,label=Submit",
                "role-exact=push button",
                "id=accessible/7",
                "state=enabled",
                "not-state=disabled",
                "bounds=10,20,90,30",
                "contains=55,35",
                "within=0,0,400,300",
                "intersects=40,40,80,30",
                "min-width=40",
                "min-height=20",
                "confidence>=0.9",
                "role:button,text:submit",
                "window-title=demo,app=org.demo")) {
            assertTrue(Selector.parse(selector).matches(SUBMIT), selector);
        }
        for (String selector : List.of(
                "label-exact=Submit",
                "role-exact=button",
                "state=focused",
                "not-state=enabled",
                "bounds=10,20,90,31",
                "contains=100,35",
                "within=0,0,50,50",
                "intersects=200,200,10,10",
                "min-width=91",
                "confidence>=1.5",
                "label-regex=^order")) {
            assertFalse(Selector.parse(selector).matches(SUBMIT), selector);
        }
    }

    @Test
    void geometryContinuesOverTheFollowingCommas() throws Exception {
        Selector selector = Selector.parse("role=button,within=0,0,200,120,intersects=40,40,40,40,min-width=80");
        assertTrue(selector.matches(SUBMIT));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "unknown=value",
                "bounds=not-a-rect",
                "bounds=1,2,3",
                "bounds=1,2,-3,4",
                "contains=10",
                "within=0,0,a,b",
                "min-width=-1",
                "min-height=1.5",
                "confidence>=high",
                "confidence>=NaN",
                "label-regex=([",
                "role=",
                "Submit,Cancel"
            })
    void malformedSelectorsAreTypedErrorsNeverABroaderMatch(String selector) {
        SelectorException error = assertThrows(SelectorException.class, () -> Selector.parse(selector));
        assertEquals("invalid_selector", error.code());
    }

    @Test
    void theSplitFlagsObeyTheSameGrammar() throws Exception {
        assertTrue(Selector.any()
                .put("role", "push button")
                .put("contains", "55,35")
                .matches(SUBMIT));
        assertThrows(SelectorException.class, () -> Selector.any().put("colour", "red"));
    }

    @Test
    void aRegexThatBacktracksWithoutEndDoesNotMatchInsteadOfStallingTheSearch() throws Exception {
        // (a+)+$ against forty a's and a '!' takes 2^40 steps in Java's matcher: the read budget ends it
        UiElement pathological = element("label", "a".repeat(40) + "!", new Rect(0, 0, 10, 10), List.of("visible"));

        assertFalse(Selector.parse("label-regex=(a+)+$").matches(pathological));
        // an ordinary search over a long label stays within the budget and matches
        UiElement longLabel = element("label", "x".repeat(5_000) + "end", new Rect(0, 0, 10, 10), List.of());
        assertTrue(Selector.parse("label-regex=x+end$").matches(longLabel));
        assertTrue(Selector.parse("label-regex=(a+)+!").matches(pathological));
    }

    @Test
    void errorsAndToStringNeverShowTheValues() {
        SelectorException error = assertThrows(SelectorException.class, () -> Selector.parse("label-regex=secret(["));
        assertFalse(error.getMessage().contains("secret"));
        assertFalse(assertThrows(SelectorException.class, () -> Selector.parse("bounds=secret"))
                .getMessage()
                .contains("secret"));
    }

    @Test
    void anExactLabelScoresAboveAPartialOne() throws Exception {
        Selector selector = Selector.parse("Submit");
        UiElement exact = element("push button", "Submit", new Rect(0, 0, 10, 10), List.of());
        assertTrue(selector.score(exact) > selector.score(SUBMIT));
    }
}
