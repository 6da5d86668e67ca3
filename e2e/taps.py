"""Taps as a player makes them, as soon as the control takes them.

Playwright clicks only a control that is enabled and stable, and when it is not, it looks
again after 20, 100, 100 and then every 500 ms. Two things here often make it wait, each for a
known moment: a control whose meaning just changed is held off for 350 ms (issue 15's tap guard:
`aria-disabled="true"`), and a die just rolled tumbles for 480 ms. So a tap right after either
waited about 850 ms. `tap` waits for the same things, looking every 10 ms (the end of the
control's and its ancestors' running animations, then the end of the lock), and then clicks
with Playwright's own click, which still makes every check of its own. The tap is the same tap;
only less time passes before it."""

from __future__ import annotations

from playwright.sync_api import Locator

UNTIL_IT_TAKES_TAPS = """async el => {
    const moving = () => {
        const found = [];
        for (let node = el; node; node = node.parentElement)
            for (const animation of node.getAnimations())
                if (animation.playState === 'running' && animation.effect
                        && animation.effect.getComputedTiming().endTime !== Infinity)
                    found.push(animation);
        return found;
    };
    const pause = ms => new Promise(resolve => setTimeout(resolve, ms));
    const until = performance.now() + 5000;  // past that, Playwright's click waits on its own
    while (performance.now() < until) {
        const animations = moving();
        if (animations.length) {
            const ended = Promise.all(animations.map(a => a.finished.catch(() => null)));
            await Promise.race([ended, pause(until - performance.now())]);
        } else if (el.closest('[aria-disabled=true]')) {
            await pause(10);
        } else {
            return;
        }
    }
}"""


def tap(locator: Locator, timeout: float | None = None) -> None:
    """Click `locator` once it takes taps (see above)."""
    locator.evaluate(UNTIL_IT_TAKES_TAPS, timeout=timeout)
    locator.click(timeout=timeout)
