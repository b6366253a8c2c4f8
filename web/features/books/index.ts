/** The books feature's public entry: the indicator the dashboard and the admin page show. */
export { BooksIndicator } from "./components/books-indicator";
