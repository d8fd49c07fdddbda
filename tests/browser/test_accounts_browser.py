from playwright.sync_api import expect

from accounts.models import User


def test_sign_up_in_browser_shows_username_in_nav(browser_page):
    page = browser_page
    page.goto("/")
    page.get_by_role("link", name="Sign up").first.click()
    expect(page).to_have_url(f"{page.base_url}/accounts/signup/")

    page.get_by_label("Username").fill("eve")
    page.get_by_label("Email").fill("eve@example.com")
    page.get_by_label("Password", exact=True).fill("a-Long-enough-pa55word")
    page.get_by_label("Password confirmation").fill("a-Long-enough-pa55word")
    page.get_by_role("button", name="Sign up").click()

    expect(page.get_by_test_id("nav-username")).to_have_text("eve")
    page.get_by_test_id("account-menu").locator("summary").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    assert User.objects.filter(username="eve", pending_email="eve@example.com").exists()  # until confirmed
