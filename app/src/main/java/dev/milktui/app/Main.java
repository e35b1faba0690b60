package dev.milktui.app;

/** Entry point of the milk-tui command. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.out.println("milk-tui");
  }
}
